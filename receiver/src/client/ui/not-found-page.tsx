import { devisClientTexts } from '../../facts';
import { Shell } from './shell';

/** An unknown or altered link: the same page, whatever the reason, and no hint. */
export function NotFoundPage({ mentions }: { mentions: string }) {
  return (
    <Shell title={devisClientTexts.notFoundTitle} mentions={mentions}>
      <section className="card">
        <p>{devisClientTexts.notFound}</p>
      </section>
    </Shell>
  );
}
