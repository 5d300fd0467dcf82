import type { InStatement, Row } from '@libsql/client';
import { mailboxKey } from '../email';
import type { TerminationContractType } from '../facts';
import type { QueuedMail } from '../requests/mail-kinds';
import { parseFrozenDevis } from '../requests/devis/draft';
import type { DevisStatus } from '../requests/devis/statuses';
import {
  checkTermination,
  devisNumberIn,
  type DevisOnFile,
  type TerminationCheck,
  type TerminationParty,
} from '../requests/termination-devis';
import type { Db } from './db';
import { deleteWithTheirMails, outboxStatements } from './request-queries';

/**
 * The store's queries on termination requests (« Résilier un contrat », migration 11): one stored with the
 * mails the rules gave it (requests/mail-kinds.ts terminationMailsOf), found again by its form's id or its
 * reference, listed for the inbox, marked handled, erased with its outbox rows.
 */

export type StoredTermination = {
  id: number;
  reference: string;
  requestId: string;
  createdAt: string;
  spam: boolean;
  lastName: string;
  firstName: string;
  company: string;
  email: string;
  /** `undefined` only for a spam row. */
  contractType: TerminationContractType | undefined;
  contractReference: string;
  contractStart: string | undefined;
  desiredDate: string | undefined;
  /** The ISO day the contract ends (content/termination-settings.ts); empty for a spam row. */
  effectiveDate: string;
  reason: string;
  handledAt: string | undefined;
  handledBy: string | undefined;
};

const optionalText = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

export function toTermination(row: Row): StoredTermination {
  return {
    id: Number(row.id),
    reference: String(row.reference),
    requestId: String(row.request_id),
    createdAt: String(row.created_at),
    spam: Number(row.spam) === 1,
    lastName: String(row.last_name),
    firstName: String(row.first_name),
    company: String(row.company),
    email: String(row.email),
    contractType: optionalText(row.contract_type) as TerminationContractType | undefined,
    contractReference: String(row.contract_reference),
    contractStart: optionalText(row.contract_start),
    desiredDate: optionalText(row.desired_date),
    effectiveDate: optionalText(row.effective_date) ?? '',
    reason: String(row.reason),
    handledAt: optionalText(row.handled_at),
    handledBy: optionalText(row.handled_by_name),
  };
}

export type NewTermination = Omit<StoredTermination, 'id' | 'handledAt' | 'handledBy'> & {
  emailKey: string;
  contentSha256: string | null;
};

/** A form id already stored: its reference, content hash, effective date, and whether an acknowledgment goes. */
export type KnownTermination = {
  reference: string;
  contentSha256: string | null;
  effectiveDate: string;
  confirmation: boolean;
  /** When it was received (ISO): a second sending of the same form says the first one's day. */
  createdAt: string;
};

const KNOWN_SQL = `SELECT t.reference, t.content_sha256, t.effective_date, t.created_at,
    EXISTS (SELECT 1 FROM outbox o WHERE o.termination_id = t.id AND o.kind = 'termination_client'
            AND o.status != 'failed') AS confirmation
  FROM terminations t WHERE t.request_id = ?`;

function toKnown(row: Row | undefined): KnownTermination | undefined {
  if (!row) return undefined;
  return {
    reference: String(row.reference),
    contentSha256: row.content_sha256 === null ? null : String(row.content_sha256),
    effectiveDate: optionalText(row.effective_date) ?? '',
    confirmation: Number(row.confirmation) === 1,
    createdAt: String(row.created_at),
  };
}

/**
 * Stores a termination and its outbox rows in one transaction, as insertRequest does for a quote: a form id
 * already known stores nothing (even racing this call) and the final SELECT says which row holds it; the
 * acknowledgment's cap per mailbox is counted inside the transaction.
 */
export async function insertTermination(
  db: Db,
  termination: NewTermination,
  mails: readonly QueuedMail[],
  now: number,
): Promise<KnownTermination & { created: boolean }> {
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO terminations (reference, request_id, created_at, spam, last_name, first_name, company, email,
              email_key, mailbox_key, contract_type, contract_reference, contract_start, desired_date, effective_date,
              reason, content_sha256)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (request_id) DO NOTHING`,
      args: [
        termination.reference,
        termination.requestId,
        termination.createdAt,
        termination.spam ? 1 : 0,
        termination.lastName,
        termination.firstName,
        termination.company,
        termination.email,
        termination.emailKey,
        mailboxKey(termination.email),
        termination.contractType ?? null,
        termination.contractReference,
        termination.contractStart ?? null,
        termination.desiredDate ?? null,
        termination.effectiveDate || null,
        termination.reason,
        termination.contentSha256,
      ],
    },
  ];
  statements.push(
    ...outboxStatements({ table: 'terminations', column: 'termination_id' }, termination.reference, mails, now),
  );
  statements.push({ sql: KNOWN_SQL, args: [termination.requestId] });
  const results = await db.batch(statements, 'write');
  const known = toKnown(results.at(-1)?.rows[0]);
  if (!known) throw new Error('the termination just stored is not found');
  return { ...known, created: known.reference === termination.reference };
}

export async function findTerminationByRequestId(db: Db, requestId: string): Promise<KnownTermination | undefined> {
  const result = await db.execute({ sql: KNOWN_SQL, args: [requestId] });
  return toKnown(result.rows[0]);
}

const SELECT_TERMINATION = `SELECT t.*, u.name AS handled_by_name FROM terminations t
  LEFT JOIN users u ON u.id = t.handled_by`;

export async function terminationById(db: Db, id: number): Promise<StoredTermination | undefined> {
  const result = await db.execute({ sql: `${SELECT_TERMINATION} WHERE t.id = ?`, args: [id] });
  return result.rows[0] ? toTermination(result.rows[0]) : undefined;
}

export async function terminationByReference(db: Db, reference: string): Promise<StoredTermination | undefined> {
  const result = await db.execute({ sql: `${SELECT_TERMINATION} WHERE t.reference = ?`, args: [reference] });
  return result.rows[0] ? toTermination(result.rows[0]) : undefined;
}

/** The inbox's list: not spam, the ones still to handle first, then the most recent. */
export async function listTerminations(db: Db, limit = 200): Promise<StoredTermination[]> {
  const result = await db.execute({
    sql: `${SELECT_TERMINATION} WHERE t.spam = 0
          ORDER BY t.handled_at IS NOT NULL, t.created_at DESC, t.id DESC LIMIT ?`,
    args: [limit],
  });
  return result.rows.map(toTermination);
}

/** Marks a termination handled (« Traitée ») by a member; false when it was already, or is not there. */
export async function markTerminationHandled(db: Db, reference: string, userId: number, at: Date): Promise<boolean> {
  const result = await db.execute({
    sql: 'UPDATE terminations SET handled_at = ?, handled_by = ? WHERE reference = ? AND spam = 0 AND handled_at IS NULL',
    args: [at.toISOString(), userId, reference],
  });
  return result.rowsAffected === 1;
}

/** The state of a termination's two mails (the inbox's page). */
export async function terminationMails(db: Db, id: number): Promise<{ kind: string; status: string }[]> {
  const result = await db.execute({
    sql: 'SELECT kind, status FROM outbox WHERE termination_id = ? ORDER BY id',
    args: [id],
  });
  return result.rows.map((row) => ({ kind: String(row.kind), status: String(row.status) }));
}

/** Terminations of one e-mail address (erasure, access), oldest first. */
export async function terminationsByEmail(db: Db, emailKey: string): Promise<StoredTermination[]> {
  const result = await db.execute({
    sql: `${SELECT_TERMINATION} WHERE t.email_key = ? ORDER BY t.created_at, t.id`,
    args: [emailKey],
  });
  return result.rows.map(toTermination);
}

/**
 * The devis whose number is `number`, with the client of its last sent version (what the client was sent
 * and may have accepted), or undefined: a draft has no number, an erased devis is gone.
 */
export async function devisByNumber(db: Db, number: string): Promise<DevisOnFile | undefined> {
  const result = await db.execute({
    sql: `SELECT d.id, d.number, d.status, v.content FROM devis d
          JOIN devis_versions v ON v.devis_id = d.id AND v.version = d.current_version
          WHERE d.number = ?`,
    args: [number],
  });
  const row = result.rows[0];
  if (!row) return undefined;
  const { client } = parseFrozenDevis(String(row.content));
  return {
    id: Number(row.id),
    number: String(row.number),
    status: String(row.status) as DevisStatus,
    clientName: client.name,
    clientEmail: client.email,
  };
}

/**
 * A termination (or what a request says) checked against the devis its contract reference names
 * (requests/termination-devis.ts), or undefined when it names no devis on file.
 */
export async function checkAgainstDevis(
  db: Db,
  termination: TerminationParty & { contractReference: string },
): Promise<TerminationCheck | undefined> {
  const number = devisNumberIn(termination.contractReference);
  const devis = number === undefined ? undefined : await devisByNumber(db, number);
  return devis && checkTermination(termination, devis);
}

/** Deletes terminations with their outbox rows (request-queries.ts deleteWithTheirMails). */
export function deleteTerminations(db: Db, ids: number[]): Promise<void> {
  return deleteWithTheirMails(db, 'terminations', ids);
}
