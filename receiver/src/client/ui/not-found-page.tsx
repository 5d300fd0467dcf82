import type { ServedCompany } from '../../pages/shell';
import { devisClientTexts } from '../../facts';
import { Shell } from './shell';

/** An unknown or altered link: the same page, whatever the reason, and no hint. */
export function NotFoundPage({ company }: { company: ServedCompany }) {
  return (
    <Shell title={devisClientTexts.notFoundTitle} company={company}>
      <section className="card">
        <p>{devisClientTexts.notFound}</p>
      </section>
    </Shell>
  );
}
