import type { LegalPageContent } from '@/content/legal/types';
import { PageBanner } from '@/components/ui/page-banner';
import { LastUpdated } from './last-updated';
import { LegalCard } from './legal-card';
import { LegalSection } from './legal-section';

type LegalPageProps = { content: LegalPageContent };

const TITLE_ID = 'texte-titre';

/**
 * A legal page: title banner, then a white card of numbered sections and the last-updated line. The whole
 * text is one <article>, named by its title (the banner's h1).
 */
export function LegalPage({ content }: LegalPageProps) {
  return (
    <article aria-labelledby={TITLE_ID}>
      <PageBanner title={content.title} text={content.intro} titleId={TITLE_ID} />
      <LegalCard>
        <div className="space-y-10">
          {content.sections.map((section, index) => (
            <LegalSection key={section.id} section={section} number={index + 1} />
          ))}
        </div>
        <LastUpdated date={content.updated} footnote={content.footnote} />
      </LegalCard>
    </article>
  );
}
