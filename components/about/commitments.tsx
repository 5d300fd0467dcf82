import { Icon } from '@/components/ui/icon';
import { about } from '@/content/about';
import { Section } from '@/components/ui/section';

export function Commitments() {
  return (
    <Section id="engagements" title={about.commitments.title} tone="surface">
      <ul className="mx-auto max-w-3xl space-y-4">
        {about.commitments.items.map((item) => (
          <li key={item} className="flex gap-3 rounded-card bg-white p-4 shadow-sm ring-1 ring-brand-100">
            <Icon name="badge-check" className="size-6 shrink-0 text-brand-700" />
            {item}
          </li>
        ))}
      </ul>
    </Section>
  );
}
