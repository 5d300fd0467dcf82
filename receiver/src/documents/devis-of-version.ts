import { depositNotBefore, isoDay } from '../facts';
import type { FrozenDevis } from '../requests/devis/draft';
import { COMPANY, validUntilDay, type CompanyFacts } from '../requests/devis/mentions';
import { companyOf, devisView } from '../requests/devis/view';
import { companyFromFacts, type DevisDocument } from './devis-document';

/** The object of a devis that names none (a draft made before the team wrote one). */
export const DEFAULT_SUBJECT = 'Travaux';

/**
 * The PDF's document of a sent version: everything it shows comes from devisView() (the lines, the totals
 * computed by the rules, the withdrawal rules of the way the contract is made, the mentions), so that the
 * PDF and the client's page cannot disagree. Where a withdrawal right applies, its texts are the PDF's own
 * section and the model form is attached; where none applies, the mention saying so stays with the others.
 */
export function devisDocumentOf(
  content: FrozenDevis,
  options: { replacedBy?: number; company?: CompanyFacts } = {},
): DevisDocument {
  // The facts frozen at the sending; `options.company` (today's) only for a version sent before them.
  const today = options.company ?? COMPANY;
  const view = devisView(content, today);
  const issuedAt = new Date(content.issuedAt);
  const applies = view.withdrawal.withdrawal.applies;
  const withdrawalMention = view.mentions.find((mention) => mention.id === 'withdrawal');
  const mentions = view.mentions.filter((mention) => !(applies && mention.id === 'withdrawal'));
  return {
    company: companyFromFacts(companyOf(content, today)),
    client: content.client,
    number: content.number,
    version: content.version,
    date: isoDay(issuedAt),
    validUntil: validUntilDay(issuedAt, content.validityDays),
    contractWay: content.way,
    urgent: content.urgent,
    subject: content.subject?.trim() || DEFAULT_SUBJECT,
    ...(content.description?.trim() ? { description: content.description } : {}),
    lines: view.lines,
    totals: view.totals,
    paymentTerms: content.paymentTerms,
    ...(content.depositCents !== undefined ? { depositCents: content.depositCents } : {}),
    ...(content.depositCents !== undefined && view.withdrawal.payment === 'wait'
      ? { depositCondition: depositNotBefore }
      : {}),
    ...(content.start ? { expectedStart: content.start } : {}),
    ...(content.duration ? { expectedDuration: content.duration } : {}),
    mentions: mentions.map((mention) => ({ title: mention.label, paragraphs: mention.paragraphs })),
    withdrawal:
      applies && withdrawalMention
        ? { title: withdrawalMention.label, paragraphs: withdrawalMention.paragraphs }
        : null,
    withdrawalForm: view.withdrawalForm ?? null,
    ...(options.replacedBy !== undefined ? { replacedBy: options.replacedBy } : {}),
    ...(content.demonstration ? { demonstration: true as const } : {}),
  };
}
