import type { LegalPageContent } from '@/content/legal/types';
import { tableOfContents, tocMinSections } from '@/content/quick-actions';
import { PageBanner } from '@/components/ui/page-banner';
import { LastUpdated } from './last-updated';
import { LegalCard } from './legal-card';
import { LegalSection } from './legal-section';

type LegalPageProps = { content: LegalPageContent };

const TITLE_ID = 'texte-titre';

/**
 * A legal page: title banner, then a white card of numbered sections (opened by a table of contents when
 * there are more than six) and the last-updated line. The whole
 * text is one <article>, named by its title (the banner's h1).
 */
export function LegalPage({ content }: LegalPageProps) {
  return (
    <article aria-labelledby={TITLE_ID}>
      <PageBanner title={content.title} text={content.intro} titleId={TITLE_ID} />
      <LegalCard>
        {content.sections.length >= tocMinSections ? <TableOfContents content={content} /> : null}
        <div className="space-y-10">
          {content.sections.map((section, index) => (
            <LegalSection key={section.id} section={section} number={index + 1} />
          ))}
        </div>
        <LastUpdated date={content.updated} label={content.updatedLabel} footnote={content.footnote} />
      </LegalCard>
    </article>
  );
}

const TOC_ID = 'sommaire-titre';

/** A long page opens with links to each numbered section (plain anchors: no JavaScript). */
function TableOfContents({ content }: LegalPageProps) {
  return (
    <nav aria-labelledby={TOC_ID} className="mb-10 rounded-lg bg-surface p-4 sm:p-6">
      <p id={TOC_ID} className="text-lg font-bold text-brand-900">
        {tableOfContents.title}
      </p>
      <ol className="mt-3 grid gap-x-6 sm:grid-cols-2">
        {content.sections.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex min-h-11 items-center py-1 text-brand-700 underline-offset-4 hover:underline sm:min-h-9"
            >
              {index + 1}. {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
