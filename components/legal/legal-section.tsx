import type { LegalSection as LegalSectionContent } from '@/content/legal/types';
import { LegalBlock } from './legal-block';

type LegalSectionProps = { section: LegalSectionContent; number: number };

/** A numbered section of a legal page: "3. Hébergement" as its h2, then its blocks. */
export function LegalSection({ section, number }: LegalSectionProps) {
  const headingId = `${section.id}-titre`;
  return (
    <section id={section.id} aria-labelledby={headingId} className="render-when-visible">
      <h2 id={headingId} className="text-xl font-bold tracking-tight text-brand-900 sm:text-2xl">
        {number}. {section.title}
      </h2>
      <div className="mt-4 space-y-4">
        {section.blocks.map((block, index) => (
          <LegalBlock key={index} block={block} />
        ))}
      </div>
    </section>
  );
}
