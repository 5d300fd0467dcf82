import { cgvVersions, cgvVersionsPage } from '@/content/legal/cgv-version';
import { fillTemplate, formatFrenchDay } from '@/lib/format';
import { PageBanner } from '@/components/ui/page-banner';
import { LegalCard } from './legal-card';
import { legalLinkClasses } from './link-classes';

/** /cgv/versions/: every dated version of the CGV, newest first, each with its period and its page. */
export function CgvVersionList() {
  return (
    <>
      <PageBanner title={cgvVersionsPage.title} text={cgvVersionsPage.intro} />
      <LegalCard>
        <section aria-labelledby="versions-titre">
          <h2 id="versions-titre" className="text-xl font-bold tracking-tight text-brand-900 sm:text-2xl">
            {cgvVersionsPage.listTitle}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 marker:text-brand-700">
            {cgvVersions.map((version) => (
              <li key={version.date}>
                <a href={version.href} className={legalLinkClasses}>
                  {fillTemplate(version.current ? cgvVersionsPage.current : cgvVersionsPage.earlier, {
                    date: formatFrenchDay(version.date),
                    until: version.until ? formatFrenchDay(version.until) : '',
                  })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </LegalCard>
    </>
  );
}
