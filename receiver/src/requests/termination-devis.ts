import { emailKey } from '../email';
import { devisNumberFormat, frenchTypography } from '../facts';
import type { DevisStatus } from './devis/statuses';

/**
 * A termination request (« Résilier un contrat ») checked against the devis on file: anyone may file one,
 * and devis numbers follow each other, so a request whose contract reference names a devis number is
 * compared with that devis's client. The team sees the devis and any mismatch on the termination's page,
 * the client on file is told when the request came from another address, and the acknowledgment to an
 * address that does not match says « sous réserve de vérification » (docs/resilier-un-contrat.md).
 */

/** The devis a termination names, as the store finds it by its number (its last sent version's client). */
export type DevisOnFile = {
  id: number;
  number: string;
  status: DevisStatus;
  clientName: string;
  clientEmail: string;
};

/** What the request says about itself: who filed it. */
export type TerminationParty = { firstName: string; lastName: string; company: string; email: string };

export type TerminationCheck = {
  devis: DevisOnFile;
  /** The name typed (first and last name, or the company) is the devis's client's. */
  nameMatches: boolean;
  /** The address typed reaches the devis's client's (the same address, case aside). */
  emailMatches: boolean;
};

const NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}])${devisNumberFormat.prefix}-(\\d{4})-(\\d{${devisNumberFormat.digits},})(?![\\p{N}])`,
  'iu',
);

/**
 * The devis number a contract reference names, written as the devis prints it (« DEV-2026-0006 », any
 * case, anywhere in the reference), or undefined.
 */
export function devisNumberIn(contractReference: string): string | undefined {
  const match = NUMBER.exec(contractReference);
  return match ? `${devisNumberFormat.prefix}-${match[1]}-${match[2]}` : undefined;
}

/** Lower case, without accents, hyphens or punctuation: « Martin-Durand » and « martin durand » agree. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Whether the name typed is the devis's client's: every word of the first and the last name is a word of
 * the client's name (in any order: « Dupont Marie »), or the company typed is the client's name.
 */
export function sameName(party: TerminationParty, clientName: string): boolean {
  const client = words(clientName);
  const person = [...words(party.firstName), ...words(party.lastName)];
  if (person.length > 0 && person.every((word) => client.includes(word))) return true;
  const company = words(party.company);
  return company.length > 0 && company.join(' ') === client.join(' ');
}

export function checkTermination(party: TerminationParty, devis: DevisOnFile): TerminationCheck {
  return {
    devis,
    nameMatches: sameName(party, devis.clientName),
    emailMatches: emailKey(party.email) === emailKey(devis.clientEmail),
  };
}

/** A request is verified when it names a devis on file and both its name and its address are the client's. */
export function isVerified(check: TerminationCheck | undefined): boolean {
  return check !== undefined && check.nameMatches && check.emailMatches;
}

/**
 * What the team reads of a check (the company's notice, the inbox's page): « nom et adresse e-mail
 * conformes au devis », or what differs from the devis's client, prominently.
 */
export function checkVerdict(check: TerminationCheck): string {
  if (check.nameMatches && check.emailMatches) return 'nom et adresse e-mail conformes au devis';
  const differs = [...(check.nameMatches ? [] : ['le nom']), ...(check.emailMatches ? [] : ['l’adresse e-mail'])];
  const verb = differs.length > 1 ? 'correspondent' : 'correspond';
  return frenchTypography(
    `Attention : ${differs.join(' et ')} ne ${verb} pas au client du devis ; vérifiez auprès de lui avant toute annulation.`,
  );
}
