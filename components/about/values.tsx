import { about } from '@/content/about';
import { ContentIcon } from '@/components/ui/icons';
import { Section } from '@/components/ui/section';

export function Values() {
  return (
    <Section id="valeurs" title={about.values.title}>
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {about.values.items.map((value) => (
          <li key={value.title} className="rounded-card p-6 text-center ring-1 ring-brand-100">
            <ContentIcon name={value.icon} className="mx-auto size-10 text-brand-700" />
            <h3 className="mt-4 text-lg font-semibold">{value.title}</h3>
            <p className="mt-2 text-ink-muted">{value.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
