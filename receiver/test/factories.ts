import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { companyFromFacts, type DevisDocument } from '../src/documents/devis-document';
import { emailKey } from '../src/email';
import { serializeData } from '../../lib/data-check';
import {
  DEVIS_CLIENT_PATH,
  devisTerms,
  locationOptions,
  serviceTypeOptions,
  site,
  siteDataPages,
  withdrawalForm,
  type SiteData,
} from '../src/facts';
import { addMember } from '../src/store/members';
import { SESSION_COOKIE } from '../src/inbox/sessions';
import { createSession } from '../src/store/sessions';
import type { DevisDraft, FrozenDevis } from '../src/requests/devis/draft';
import { devisTotals } from '../src/requests/devis/money';
import type { DevisLine, DevisTotals } from '../src/requests/devis/types';
import { mailsOf } from '../src/requests/mail-kinds';
import type { Status } from '../src/requests/statuses';
import type { Db } from '../src/store/db';
import { recordEvent } from '../src/store/devis-events';
import { createDevis } from '../src/store/devis-queries';
import { sendDevis, type SentVersion } from '../src/store/devis-sending';
import { storePdf } from '../src/store/devis-versions';
import { insertRequest, type NewRequest } from '../src/store/request-queries';
import type { Layout } from '../src/store/storage';

/**
 * What the receiver's tests store and render, made in one place (docs/tests.md): requests (as the intake
 * stores them, or with the inbox's columns), devis (drafts, frozen versions, documents, a devis sent or
 * accepted as the team's sending and the client's code leave it) and members signed in. Servers, clients and
 * waiting are in helpers.ts and the area's helpers; files' bytes in fixtures.ts.
 */

// Requests.

/**
 * A request as the intake stores it, received on 20 November 2026 (a fresh form id, an address of its own):
 * `fields` says what the test is about.
 */
export function sampleRequest(fields: Partial<NewRequest> & Pick<NewRequest, 'reference'>): NewRequest {
  const email = fields.email ?? `${fields.reference.toLowerCase()}@exemple.fr`;
  return {
    requestId: randomUUID(),
    createdAt: '2026-11-20T09:00:00.000Z',
    spam: false,
    firstName: 'Élodie',
    lastName: 'Martin',
    email,
    emailKey: email,
    phone: '06 12 34 56 78',
    serviceType: sampleService.value,
    location: sampleLocation.value,
    description: 'Une VMC à remplacer.',
    file: undefined,
    contentSha256: null,
    ...fields,
  };
}

/** Stores a request as the intake does: with the mails the rules give it (requests/mail-kinds.ts mailsOf). */
export function insertWithMails(db: Db, request: NewRequest, now: number) {
  return insertRequest(db, request, mailsOf(request, 'devis@test.invalid'), now);
}

/** The service and the place a test request asks for, as the form offers them (content/quote.ts). */
export const sampleService = serviceTypeOptions[1]!;
export const sampleLocation = locationOptions[1]!;

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function reference(day = '20261123'): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `D-${day}-${code}`;
}

export type Seed = {
  reference?: string;
  createdAt?: string;
  spam?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  serviceType?: string;
  location?: string;
  description?: string;
  status?: Status;
  deadlineAt?: string | null;
  file?: { name: string; data: Buffer; type: string };
};

/** A stored request as the public route would leave it, with the inbox's columns set as a test needs. */
export async function seed(db: Db, dirs: Layout, values: Seed = {}): Promise<{ id: number; reference: string }> {
  const ref = values.reference ?? reference();
  const email = values.email ?? `client.${ref.slice(-6).toLowerCase()}@exemple.fr`;
  let stored: string | null = null;
  if (values.file) {
    stored = `${ref}${path.extname(values.file.name) || '.bin'}`;
    await writeFile(path.join(dirs.files, stored), values.file.data);
  }
  const result = await db.execute({
    sql: `INSERT INTO requests (reference, request_id, created_at, spam, first_name, last_name, email, email_key, phone,
            service_type, location, description, file_name, file_path, file_size, file_type, file_sha256, status, deadline_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    args: [
      ref,
      `req-${ref}`,
      values.createdAt ?? '2026-11-23T09:00:00.000Z',
      values.spam ? 1 : 0,
      values.firstName ?? 'Élodie',
      values.lastName ?? 'Martin',
      email,
      emailKey(email),
      values.phone ?? '06 12 34 56 78',
      values.serviceType ?? serviceTypeOptions[1]!.value,
      values.location ?? locationOptions[1]!.value,
      values.description ?? 'Remplacement d’une VMC.',
      values.file?.name ?? null,
      stored,
      values.file?.data.length ?? null,
      values.file?.type ?? null,
      values.file ? 'sha' : null,
      values.status ?? 'nouvelle',
      values.deadlineAt === undefined ? '2026-11-24T16:00:00.000Z' : values.deadlineAt,
    ],
  });
  return { id: Number(result.rows[0]?.id), reference: ref };
}

// Unique across processes too (the end-to-end test seeds the same store twice).
let requestCount = 0;
const run = randomBytes(3).toString('hex').toUpperCase();

/** A request as the intake stores it (the devis's request). */
export async function requestForDevis(
  db: Db,
  email = 'camille.durand@example.fr',
): Promise<{ id: number; reference: string }> {
  requestCount += 1;
  const reference = `D-20261120-${run}${requestCount}`;
  const result = await db.execute({
    sql: `INSERT INTO requests (reference, request_id, created_at, first_name, last_name, email, email_key, phone,
            service_type, location, description)
          VALUES (?, ?, '2026-11-20T09:30:00.000Z', 'Camille', 'Durand', ?, ?, '06 39 98 12 34',
            'maintenance', 'antibes', 'La pompe à chaleur se met en sécurité.') RETURNING id`,
    args: [reference, `client-request-${run}-${requestCount}`, email, email],
  });
  return { id: Number(result.rows[0]?.id), reference };
}

/**
 * A request row for a store filled at an older schema version, the migration tests' starting point: the
 * columns every version has had since migration 1, with `columns` for those the version added since
 * (`status` from migration 2, `deadline_at`…). The values are a plain request's unless given.
 */
export function olderRequestRow(
  row: {
    id?: number;
    reference: string;
    requestId: string;
    createdAt?: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
    location?: string;
    description?: string;
  },
  columns: Record<string, string | number | null> = {},
): { sql: string; args: (string | number | null)[] } {
  const email = row.email ?? 'e@exemple.fr';
  const values: Record<string, string | number | null> = {
    ...(row.id === undefined ? {} : { id: row.id }),
    reference: row.reference,
    request_id: row.requestId,
    created_at: row.createdAt ?? '2026-11-24T09:30:00.000Z',
    first_name: row.firstName ?? 'Élodie',
    last_name: row.lastName ?? 'Martin',
    email,
    email_key: email,
    phone: row.phone ?? '06 12 34 56 78',
    service_type: 'maintenance',
    location: row.location ?? 'antibes',
    description: row.description ?? 'Texte',
    ...columns,
  };
  const names = Object.keys(values);
  return {
    sql: `INSERT INTO requests (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    args: Object.values(values),
  };
}

// Devis.

/** A devis's draft as the team fills it in: one service line at `unitPriceHtCents` HT, 20 % VAT, by link. */
export function sampleDraft(unitPriceHtCents = 15000): DevisDraft {
  return {
    client: {
      name: 'Élodie Martin',
      email: 'e@exemple.fr',
      phone: '06 39 98 45 12',
      jobAddress: '3 rue des Lilas, 06600 Antibes',
      kind: 'consumer',
    },
    way: 'distance',
    urgent: false,
    lines: [
      {
        designation: 'Remplacement du circulateur',
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceHtCents,
        vatRateBp: 2000,
        kind: 'service',
      },
    ],
    validityDays: devisTerms.validityDays,
    paymentTerms: 'À réception de facture.',
  };
}

/** A service line and a goods line, at two VAT rates. */
export const labourLine: DevisLine = {
  designation: 'Main-d’œuvre : remplacement du circulateur',
  quantityMilli: 2500,
  unit: 'heure',
  unitPriceHtCents: 6500,
  vatRateBp: 1000,
  kind: 'service',
};
export const partLine: DevisLine = {
  designation: 'Circulateur basse consommation',
  quantityMilli: 1000,
  unit: 'unité',
  unitPriceHtCents: 123456,
  vatRateBp: 2000,
  kind: 'goods',
};

/** A version as the sending freezes it (number DEV-2026-0007, version 2, sent 24 November 2026 at 10 h). */
export function sampleFrozen(changes: Partial<FrozenDevis> = {}): FrozenDevis {
  const lines = changes.lines ?? [labourLine, partLine];
  return {
    client: {
      name: 'Camille Durand',
      email: 'camille@exemple.fr',
      phone: '06 12 34 56 78',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
      kind: 'consumer',
    },
    subject: 'Dépannage de chauffage',
    description: 'La chaudière se met en sécurité chaque matin.',
    way: 'distance',
    urgent: false,
    lines,
    validityDays: 30,
    start: 'semaine du 7 décembre',
    duration: '1 jour',
    paymentTerms: 'À réception de la facture, par virement.',
    number: 'DEV-2026-0007',
    version: 2,
    // 24 November 2026, 10 h in Paris.
    issuedAt: '2026-11-24T09:00:00.000Z',
    // As the sending freezes them (store/devis-sending.ts sendDevis): the page and the PDF read these.
    totals: devisTotals(lines),
    ...changes,
  };
}

/** A devis document's totals: the devis's own rule (requests/devis/money.ts), never a copy of it. */
export const totalsOf = (lines: DevisLine[]): DevisTotals => devisTotals(lines);

/** Three lines, two VAT rates: 2 h of labour, a travel fee, a part. */
export const sampleLines: DevisLine[] = [
  {
    designation: 'Main-d’œuvre : diagnostic et réparation de la pompe à chaleur',
    quantityMilli: 2500,
    unit: 'h',
    unitPriceHtCents: 6500,
    vatRateBp: 1000,
    kind: 'service',
  },
  {
    designation: 'Frais de déplacement (Antibes)',
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceHtCents: 4500,
    vatRateBp: 1000,
    kind: 'service',
  },
  {
    designation: 'Circulateur de remplacement',
    quantityMilli: 1000,
    unit: 'pièce',
    unitPriceHtCents: 123456,
    vatRateBp: 2000,
    kind: 'goods',
  },
];

/** `count` numbered lines at 20 %, for the page-break test and the benchmark. */
export function manyLines(count: number): DevisLine[] {
  return Array.from({ length: count }, (_, index) => ({
    designation: `Ligne ${index + 1} : remplacement du composant n° ${index + 1} et essais de bon fonctionnement`,
    quantityMilli: 1000 + index * 250,
    unit: 'u',
    unitPriceHtCents: 1000 + index * 137,
    vatRateBp: 2000,
    kind: 'goods' as const,
  }));
}

export const sampleMentions = [
  { title: 'Devis gratuit', paragraphs: ['Ce devis est gratuit.'] },
  {
    title: 'Pièces remplacées',
    paragraphs: ['Vous pouvez conserver les pièces remplacées : dites-le-nous avant l’intervention.'],
  },
  {
    title: 'Médiation de la consommation',
    paragraphs: ['En cas de litige, vous pouvez recourir gratuitement au médiateur de la consommation.'],
  },
];

export const sampleWithdrawal = {
  title: 'Droit de rétractation',
  paragraphs: [
    'Vous disposez d’un délai de 14 jours à compter de la conclusion du contrat pour vous rétracter, sans avoir à motiver votre décision.',
    'Pour l’exercer, envoyez-nous le formulaire joint ou toute autre déclaration dénuée d’ambiguïté.',
  ],
};

/** A devis sent at a distance to a consumer, with its withdrawal section and the model form. */
export function sampleDevis(changes: Partial<DevisDocument> = {}): DevisDocument {
  const lines = changes.lines ?? sampleLines;
  return {
    company: companyFromFacts(),
    client: {
      name: 'Camille Durand',
      email: 'camille.durand@example.fr',
      phone: '06 39 98 12 34',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
      kind: 'consumer',
    },
    number: 'D-2026-0042',
    version: 1,
    date: '2026-11-21',
    validUntil: '2026-12-21',
    contractWay: 'distance',
    urgent: false,
    subject: 'Maintenance et réparation d’équipements',
    description: 'La pompe à chaleur se met en sécurité chaque matin.',
    paymentTerms: 'À réception de la facture, par virement ou par chèque.',
    depositCents: 30000,
    expectedStart: '2026-12-02',
    expectedDuration: '1 jour',
    mentions: sampleMentions,
    withdrawal: sampleWithdrawal,
    withdrawalForm: withdrawalForm(site),
    ...changes,
    lines,
    totals: changes.totals ?? totalsOf(lines),
  };
}

export function draft(changes: Partial<DevisDraft> = {}): DevisDraft {
  return {
    client: {
      name: 'Camille Durand',
      email: 'camille.durand@example.fr',
      phone: '06 39 98 12 34',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
      kind: 'consumer',
    },
    way: 'distance',
    urgent: false,
    lines: [
      {
        designation: 'Remplacement du circulateur',
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceHtCents: 32000,
        vatRateBp: 1000,
        kind: 'service',
      },
      {
        designation: 'Main-d’œuvre',
        quantityMilli: 1500,
        unit: 'heure',
        unitPriceHtCents: 5500,
        vatRateBp: 1000,
        kind: 'service',
      },
    ],
    validityDays: 30,
    paymentTerms: 'À réception de la facture, par virement.',
    ...changes,
  };
}

export type Sent = SentVersion & {
  devisId: number;
  requestId: number;
  reference: string;
  pdf: Uint8Array;
  link: string;
};

/** A devis made for a new request and sent at `now`, its PDF stored: the client's link. */
export async function sentDevis(db: Db, now: Date, changes: Partial<DevisDraft> = {}): Promise<Sent> {
  const request = await requestForDevis(db);
  const devisId = await createDevis(db, request.id, draft(changes), now);
  const sent = await sendDevis(db, devisId, now);
  // Loaded when first needed: the browser specs import this module's requests, and Playwright's loader
  // cannot load react-pdf.
  const { renderDevisPdf } = await import('../src/documents/devis-pdf');
  const pdf = await renderDevisPdf(sampleDevis({ number: sent.number, version: sent.version }));
  await storePdf(db, devisId, sent.version, pdf);
  return {
    ...sent,
    devisId,
    requestId: request.id,
    reference: request.reference,
    pdf,
    link: `${DEVIS_CLIENT_PATH}/${sent.secret}`,
  };
}

/** The sample draft's lines and one of goods: the withdrawal period runs from their receipt. */
export const goodsLines: Partial<DevisDraft> = {
  lines: [
    ...draft().lines,
    {
      designation: 'Circulateur basse consommation',
      quantityMilli: 1000,
      unit: 'unité',
      unitPriceHtCents: 20000,
      vatRateBp: 1000,
      kind: 'goods',
    },
  ],
};

/** A devis sent at `sentAt` and accepted at `acceptedAt`, as the client's code records it (name, early start). */
export async function acceptedDevis(
  db: Db,
  sentAt: Date,
  acceptedAt: Date,
  changes: Partial<DevisDraft> = {},
  earlyStart = false,
): Promise<Sent> {
  const sent = await sentDevis(db, sentAt, changes);
  const detail = JSON.stringify({ signerName: 'Camille Durand', earlyStart });
  if (!(await recordEvent(db, { devisId: sent.devisId, version: 1, kind: 'accepted', at: acceptedAt, detail }))) {
    throw new Error('the acceptance was not recorded');
  }
  return sent;
}

// Members and sessions.

/** A member added as the tool does, signed in: their session and its cookie as the browser sends it. */
export async function signedInMember(db: Db, now: number, name = 'Léa Roux', email = 'lea@entreprise.test') {
  const { member } = await addMember(db, { name, email }, now);
  const session = await createSession(db, member.id, now);
  return { member, session, cookie: `${SESSION_COOKIE}=${session.cookieValue}` };
}

/**
 * The site's data written into a checkout as a publication leaves it: every page's file in the data's one
 * format (serializeData), written beside its name, then renamed over it.
 */
export function publishData(dir: string, data: SiteData): void {
  for (const page of siteDataPages) {
    const file = path.join(dir, page.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, serializeData(data[page.id]));
    renameSync(`${file}.tmp`, file);
  }
}
