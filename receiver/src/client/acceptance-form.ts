import { devisClientTexts, devisVatRates, fillTemplate, formatFrenchDay } from '../facts';
import type { FrozenDevis } from '../requests/devis/draft';
import { bpOfPercent, formatCents } from '../requests/devis/money';
import type { DevisView } from '../requests/devis/view';

/**
 * The acceptance form of a devis (docs/devis.md, « Les étapes du client »): which boxes it shows, in which
 * order, with which words, and which are required, from the devis as it was sent. The page draws them, the
 * route checks the answers against them, and the code's row records them word for word (AcceptanceDetail),
 * so the three cannot disagree.
 *
 * - « Bon pour accord », with the version's total TTC and the date of the CGV that govern it (those of the day
 *   the version was sent, DevisView.cgv): always, required (C. conso. L. 221-14; C. civ. 1119).
 * - The reduced-VAT certification, one per reduced rate the lines use: required (CGI 279-0 bis, 278-0 bis A).
 * - Off premises, the agreement to receive the information and the contract by e-mail: required (L. 221-8,
 *   L. 221-9).
 * - Urgent work at home without a withdrawal right: the client's express request, required (L. 221-28, 8°).
 * - Where a withdrawal period applies, the early start: optional, unticked (L. 221-25).
 * - The replaced parts kept: optional (arrêté du 24 janvier 2017).
 */

export type FormBox = {
  /** Its id in the record and the page's element id. */
  id: string;
  /** The form field it posts (`oui` when ticked). */
  field: string;
  /** Its words, exactly as the page shows them. */
  text: string;
  /** The message shown beside it when a required box is not ticked. */
  required?: string;
};

const texts = devisClientTexts;

export function acceptanceBoxes(content: Pick<FrozenDevis, 'way' | 'lines' | 'issuedAt'>, view: DevisView): FormBox[] {
  const cgv = view.cgv;
  const boxes: FormBox[] = [
    {
      id: 'accord',
      field: 'accord',
      text: fillTemplate(texts.goodForAgreement, {
        total: formatCents(view.totals.ttcCents),
        cgv: formatFrenchDay(cgv.date),
      }),
      required: texts.errors.agreement,
    },
  ];
  for (const rate of devisVatRates) {
    if (!('attestation' in rate)) continue;
    const bp = bpOfPercent(rate.ratePercent);
    if (!content.lines.some((line) => line.vatRateBp === bp)) continue;
    boxes.push({
      id: `tva-${rate.id}`,
      field: `tva_${rate.id}`,
      text: `${rate.attestation} ${fillTemplate(texts.vatCertification, { basis: rate.legalBasis })}`,
      required: texts.errors.vatCertification,
    });
  }
  if (content.way === 'hors-etablissement') {
    boxes.push({
      id: 'support-durable',
      field: 'support_durable',
      text: texts.durableMedium,
      required: texts.errors.durableMedium,
    });
  }
  const rules = view.withdrawal;
  if (!rules.withdrawal.applies && rules.withdrawal.reason === 'urgent') {
    boxes.push({ id: 'urgence', field: 'urgence', text: texts.urgentRequest, required: texts.errors.urgentRequest });
  }
  if (rules.earlyStartRequest && rules.earlyStartBox) {
    boxes.push({ id: 'debut-anticipe', field: 'debut_anticipe', text: rules.earlyStartBox });
  }
  boxes.push({ id: 'pieces-remplacees', field: 'pieces_remplacees', text: texts.keepReplacedParts });
  return boxes;
}

/** Whether the devis asks who signs for the client: a client other than a consumer signs through someone. */
export function asksCapacity(content: Pick<FrozenDevis, 'client'>): boolean {
  return content.client.kind !== 'consumer';
}
