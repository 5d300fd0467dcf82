import type { LegalPageContent } from '@/content/legal/types';
import { Container } from '@/components/ui/container';
import { PageBanner } from '@/components/ui/page-banner';
import { LastUpdated } from './last-updated';
import { LegalSection } from './legal-section';

type LegalPageProps = { content: LegalPageContent };

/** The four legal pages: title banner, then a white card of numbered sections and the last-updated line. */
export function LegalPage({ content }: LegalPageProps) {
  return (
    <>
      <PageBanner title={content.title} text={content.intro} />
      <div className="bg-surface py-12 sm:py-16">
        <Container>
          <article className="mx-auto max-w-3xl rounded-card bg-white p-6 leading-relaxed wrap-break-word text-ink shadow-sm ring-1 ring-brand-100 sm:p-10">
            <div className="space-y-10">
              {content.sections.map((section, index) => (
                <LegalSection key={section.id} section={section} number={index + 1} />
              ))}
            </div>
            <LastUpdated />
          </article>
        </Container>
      </div>
    </>
  );
}
