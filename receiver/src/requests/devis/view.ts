import {
  cgvVersionOn,
  frenchTypography,
  isoDay,
  withdrawalForm,
  type CgvVersionEntry,
  type DevisWithdrawalForm,
} from '../../facts';
import { isEmailAddress } from '../../email';
import type { DevisDraft, DraftError, FrozenDevis } from './draft';
import { COMPANY, COMPANY_SITE_KEYS, devisMentions, type CompanyFacts, type Mention } from './mentions';
import { forbiddenCharacter, withoutInvisible } from '../../facts';
import { devisTotals, formatCents, invisibleCharacterIn, validateLines } from './money';
import { belowStartingPrice } from './price-list';
import type { DevisTotals } from './types';
import { withdrawalRules, type ClientStanding, type WithdrawalRules } from './withdrawal';

/**
 * A devis as its page and its PDF show it, from its frozen content (or a draft, for the team's preview): the
 * totals, the withdrawal rules of the way it is made, the mentions, and the model form where a withdrawal
 * right applies. One function, so that the page and the PDF cannot disagree. A sent version shows what was
 * sent: its frozen totals and the company's facts frozen with it (companyOf), never today's.
 */

export type DevisView = {
  number: string | null;
  version: number | null;
  lines: DevisDraft['lines'];
  totals: DevisTotals;
  withdrawal: WithdrawalRules;
  mentions: Mention[];
  /** The model withdrawal form, where the right applies, naming the company as the devis does. */
  withdrawalForm?: DevisWithdrawalForm;
  /** The CGV that govern it: the version in force on its day (cgvVersionOn of the company's versions). */
  cgv: Pick<CgvVersionEntry, 'date' | 'href'>;
};

export function standingOf(draft: Pick<DevisDraft, 'client' | 'professional'>): ClientStanding {
  const kind = draft.client.kind;
  switch (kind) {
    case 'consumer':
    case 'nonProfessional':
      return { kind };
    case 'professional':
      return {
        kind,
        employees: draft.professional?.employees ?? Number.NaN,
        withinMainActivity: draft.professional?.withinMainActivity ?? true,
      };
    default:
      throw new Error(`unknown client kind ${JSON.stringify(kind satisfies never)}`);
  }
}

export function rulesOf(draft: DevisDraft): WithdrawalRules {
  return withdrawalRules({ way: draft.way, client: standingOf(draft), urgent: draft.urgent, lines: draft.lines });
}

function view(
  draft: DevisDraft,
  number: string | null,
  version: number | null,
  issuedAt: Date,
  company: CompanyFacts,
  totals: DevisTotals,
): DevisView {
  const withdrawal = rulesOf(draft);
  return {
    number,
    version,
    lines: draft.lines,
    totals,
    withdrawal,
    mentions: devisMentions({ ...draft, number, issuedAt, withdrawal }, company),
    ...(withdrawal.modelForm ? { withdrawalForm: withdrawalForm(company.site) } : {}),
    cgv: cgvOf(cgvVersionOn(isoDay(issuedAt), company.cgvVersions)),
  };
}

const cgvOf = ({ date, href }: CgvVersionEntry) => ({ date, href });

/**
 * The company's facts as frozen into a version at its sending: only those a devis reads (mentions.ts
 * COMPANY_SITE_KEYS), as plain data; not the CGV's versions, which its day chooses among today's.
 */
export function frozenCompany(company: CompanyFacts): CompanyFacts {
  const site = Object.fromEntries(COMPANY_SITE_KEYS.map((key) => [key, company.site[key]]));
  return JSON.parse(JSON.stringify({ ...company, site, cgvVersions: undefined })) as CompanyFacts;
}

/**
 * The company's facts a sent version shows: those frozen at its sending; `today` (content/'s) for a version
 * sent before they were frozen, which has none. The CGV's versions are always `today`'s: its day chooses its
 * version among them, and none is ever removed.
 */
export function companyOf(content: FrozenDevis, today: CompanyFacts = COMPANY): CompanyFacts {
  if (!content.company) return today;
  return today.cgvVersions ? { ...content.company, cgvVersions: today.cgvVersions } : content.company;
}

/** A sent version, as the client reads it: its frozen totals, and its frozen facts (`today` if it has none). */
export function devisView(content: FrozenDevis, today: CompanyFacts = COMPANY): DevisView {
  return view(
    content,
    content.number,
    content.version,
    new Date(content.issuedAt),
    companyOf(content, today),
    content.totals,
  );
}

/**
 * A sent version's text as its page shows it: without control, format nor direction characters, as the
 * PDF draws it (documents/pdf-parts.tsx clean), so that the client reads on the page the characters of the
 * PDF whose SHA-256 the proof keeps. validateDraft refuses them before a sending; a version stored before
 * that rule may hold some.
 */
export function shownDevis(content: FrozenDevis): FrozenDevis {
  const shown = withoutInvisible;
  const client = content.client;
  return {
    ...content,
    client: {
      ...client,
      name: shown(client.name),
      email: shown(client.email),
      phone: shown(client.phone),
      jobAddress: shown(client.jobAddress),
      ...(client.siren === undefined ? {} : { siren: shown(client.siren) }),
    },
    ...(content.subject === undefined ? {} : { subject: shown(content.subject) }),
    ...(content.description === undefined ? {} : { description: shown(content.description) }),
    ...(content.start === undefined ? {} : { start: shown(content.start) }),
    ...(content.duration === undefined ? {} : { duration: shown(content.duration) }),
    paymentTerms: shown(content.paymentTerms),
    lines: content.lines.map((line) => ({ ...line, designation: shown(line.designation), unit: shown(line.unit) })),
  };
}

/** A draft, as the team previews it before sending (no number yet, dated `now`). */
export function previewView(draft: DevisDraft, now: Date, company: CompanyFacts = COMPANY): DevisView {
  return view(draft, null, null, now, company, devisTotals(draft.lines));
}

const MAX_TEXT = 500;
const MAX_VALIDITY_DAYS = 365;

/** Checks a draft before it is sent: its lines (money.ts) and everything else the devis must say. */
export function validateDraft(draft: DevisDraft): DraftError[] {
  const errors: DraftError[] = validateLines(draft.lines).map((error) => ({
    field: error.line === 0 ? 'lines' : `lines.${error.line - 1}.${error.field}`,
    message: error.message,
  }));
  for (const fault of belowStartingPrice(draft.lines)) {
    if (!errors.some((error) => error.field === `lines.${fault.index}.unitPriceHtCents`)) {
      errors.push({ field: `lines.${fault.index}.unitPriceHtCents`, message: fault.message });
    }
  }
  const say = (field: string, message: string) => errors.push({ field, message: frenchTypography(message) });
  const text = (value: unknown, max = MAX_TEXT) =>
    typeof value === 'string' && value.trim() !== '' && value.length <= max;
  if (!text(draft.client.name, 200)) say('client.name', 'Indiquez le nom du client (200 caractères au plus).');
  if (typeof draft.client.email !== 'string' || !isEmailAddress(draft.client.email))
    say('client.email', 'Indiquez une adresse e-mail valide pour le client.');
  if (!text(draft.client.jobAddress)) say('client.jobAddress', 'Indiquez l’adresse du chantier.');
  if (draft.client.kind === 'professional') {
    if (!/^\d{9}$/.test(draft.client.siren ?? '')) say('client.siren', 'Indiquez le SIREN du client : neuf chiffres.');
    const facts = draft.professional;
    if (!facts || !Number.isSafeInteger(facts.employees) || facts.employees < 0) {
      say('professional.employees', 'Indiquez le nombre de salariés du client.');
    }
  }
  if (!['distance', 'hors-etablissement', 'etablissement'].includes(draft.way)) {
    say('way', 'Indiquez comment le contrat est conclu.');
  }
  if (!Number.isSafeInteger(draft.validityDays) || draft.validityDays < 1 || draft.validityDays > MAX_VALIDITY_DAYS) {
    say('validityDays', `La durée de validité va de 1 à ${MAX_VALIDITY_DAYS} jours.`);
  }
  if (!text(draft.paymentTerms)) say('paymentTerms', 'Indiquez les modalités de paiement (500 caractères au plus).');
  if (draft.subject !== undefined && !text(draft.subject, 200))
    say('subject', 'L’objet du devis compte 200 caractères au plus.');
  if (draft.description !== undefined && draft.description.length > 5000) {
    say('description', 'La description compte 5 000 caractères au plus.');
  }
  for (const field of ['start', 'duration'] as const) {
    const value = draft[field];
    if (value !== undefined && !text(value, 200)) say(field, 'Ce champ compte 200 caractères au plus.');
  }
  // The rule of the text a client signs (lib/text-characters.ts): no control, invisible or direction
  // character, so that the page and the PDF show the same characters; one line where the PDF draws one.
  const typed: { field: string; value: string | undefined; lines: 'one' | 'several'; name: string }[] = [
    { field: 'client.name', value: draft.client.name, lines: 'one', name: 'Le nom du client' },
    { field: 'client.phone', value: draft.client.phone, lines: 'one', name: 'Le téléphone du client' },
    { field: 'client.jobAddress', value: draft.client.jobAddress, lines: 'several', name: 'L’adresse du chantier' },
    { field: 'subject', value: draft.subject, lines: 'one', name: 'L’objet du devis' },
    { field: 'description', value: draft.description, lines: 'several', name: 'La description' },
    { field: 'paymentTerms', value: draft.paymentTerms, lines: 'several', name: 'Le texte des modalités de paiement' },
    { field: 'start', value: draft.start, lines: 'one', name: 'Le début prévu' },
    { field: 'duration', value: draft.duration, lines: 'one', name: 'La durée prévue' },
  ];
  for (const { field, value, lines, name } of typed) {
    if (typeof value !== 'string' || errors.some((error) => error.field === field)) continue;
    const fault = forbiddenCharacter(value, lines);
    if (fault === 'line-break') say(field, `${name} tient sur une ligne, sans retour à la ligne.`);
    else if (fault) say(field, invisibleCharacterIn(name));
  }
  if (draft.depositCents !== undefined && errors.length === 0) {
    const ttc = devisTotals(draft.lines).ttcCents;
    if (!Number.isSafeInteger(draft.depositCents) || draft.depositCents <= 0 || draft.depositCents > ttc) {
      say('depositCents', `L’acompte va de 0,01 € au total TTC du devis, ${formatCents(ttc)}.`);
    }
  }
  return errors;
}
