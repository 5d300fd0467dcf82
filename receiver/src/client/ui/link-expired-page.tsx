import type { ServedCompany } from '../../pages/shell';
import { devisClientTexts, devisKeepSentence } from '../../facts';
import { LinkClosedPage } from './link-closed-page';

/**
 * A link past its time (requests/devis/follow-up.ts linkLastDay): nothing of the devis, only how to ask the
 * company for a copy (the client may have the signed devis and its proof for ten years, L. 213-1).
 */
export function LinkExpiredPage({ company }: { company: ServedCompany }) {
  return (
    <LinkClosedPage
      title={devisClientTexts.linkExpiredTitle}
      text={devisClientTexts.linkExpired}
      contact={devisClientTexts.linkExpiredCopy}
      note={devisKeepSentence(company.site.email)}
      company={company}
    />
  );
}
