import { home } from '@/content/home';
import { ContentIcon } from '@/components/ui/icons';
import { Section } from '@/components/ui/section';

export function WhyUs() {
  return (
    <Section id="pourquoi-nous" title={home.why.title} intro={home.why.text}>
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {home.why.reasons.map((reason) => (
          <li key={reason.title} className="text-center">
            <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50">
              <ContentIcon name={reason.icon} className="size-7 text-brand-700" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{reason.title}</h3>
            <p className="mt-2 text-ink-muted">{reason.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
