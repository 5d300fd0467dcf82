import { devisClientTexts, devisKeepSentence, site, telHref } from '../../facts';
import { Shell } from './shell';

/**
 * A link past its time (requests/devis/follow-up.ts linkLastDay): nothing of the devis, only how to ask the
 * company for a copy (the client may have the signed devis and its proof for ten years, L. 213-1).
 */
export function LinkExpiredPage({ mentions }: { mentions: string }) {
  return (
    <Shell title={devisClientTexts.linkExpiredTitle} mentions={mentions}>
      <section className="card">
        <p>{devisClientTexts.linkExpired}</p>
        <p>{devisClientTexts.linkExpiredCopy}</p>
        <ul>
          <li>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </li>
          <li>
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </li>
        </ul>
        <p>{devisKeepSentence}</p>
      </section>
    </Shell>
  );
}
