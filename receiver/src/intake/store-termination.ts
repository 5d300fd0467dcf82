import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { emailKey } from '../email';
import {
  isoDay,
  QUOTE_REQUEST_ID_FIELD,
  TERMINATION_MAX_LENGTHS,
  terminationMessages,
  terminationEffectiveDay,
  type TerminationAnswer,
} from '../facts';
import { terminationMailsOf } from '../requests/mail-kinds';
import { newReference } from '../requests/reference';
import type { Db } from '../store/db';
import {
  checkAgainstDevis,
  findTerminationByRequestId,
  insertTermination,
  type KnownTermination,
  type NewTermination,
} from '../store/termination-queries';
import { isRequestId, isSpam, Refusal } from './form-intake';
import { terminationHash, validateTermination } from './termination-form';
import type { QuoteLog } from './store-request';

/**
 * Stores one termination request (« Résilier un contrat »), as POST /api/resiliation receives it, with no
 * HTTP: the route calls it, and so can a test. It is answered only once its row and its mails' rows are
 * committed, with its reference and the day the contract ends (content/termination-settings.ts
 * terminationEffectiveDay, from the day received in Paris). The same form id with the same content gets the
 * first answer again (200); with another content, a 409. The trap field filled: stored as spam, no mail. A
 * contract reference that names a devis on file sends, besides, a notice to that devis's client when the
 * request came from another mailbox (requests/mail-kinds.ts terminationMailsOf).
 */

export type StoredTerminationAnswer = {
  status: 201 | 200;
  answer: TerminationAnswer;
  created: boolean;
  log: QuoteLog;
  /** The day it was received, in Paris (the first sending's, for a second one). */
  receivedDay: string;
};

export async function storeTermination(
  { db, config }: { db: Db; config: Pick<Config, 'fromEmail'> },
  fields: Map<string, string>,
  now = new Date(),
): Promise<StoredTerminationAnswer> {
  const receivedDay = isoDay(now);
  if (isSpam(fields)) {
    const reference = await storeSpam(db, fields, now);
    return {
      status: 201,
      answer: { reference, confirmation: false, effectiveDate: '' },
      created: false,
      log: { reference, spam: true },
      receivedDay,
    };
  }
  const valid = validateTermination(fields, receivedDay);
  const hash = terminationHash(valid);
  const known = await findTerminationByRequestId(db, valid.requestId);
  if (known) return replay(known, hash);

  const effectiveDate = terminationEffectiveDay({
    contractType: valid.contractType,
    receivedDay,
    contractStart: valid.contractStart || undefined,
    desiredDate: valid.desiredDate || undefined,
  });
  // A contract reference naming a devis on file: its client is told when the request came from elsewhere.
  const check = await checkAgainstDevis(db, valid);
  for (let attempt = 1; ; attempt += 1) {
    const reference = newReference(now, 'R');
    const record: NewTermination = {
      reference,
      requestId: valid.requestId,
      createdAt: now.toISOString(),
      spam: false,
      lastName: valid.lastName,
      firstName: valid.firstName,
      company: valid.company,
      email: valid.email,
      emailKey: emailKey(valid.email),
      contractType: valid.contractType,
      contractReference: valid.contractReference,
      contractStart: valid.contractStart || undefined,
      desiredDate: valid.desiredDate || undefined,
      effectiveDate,
      reason: valid.reason,
      contentSha256: hash,
    };
    try {
      const mails = terminationMailsOf(record, config.fromEmail, check?.devis.clientEmail);
      const result = await insertTermination(db, record, mails, Date.now());
      if (!result.created) return replay(result, hash);
      return {
        status: 201,
        answer: { reference, confirmation: result.confirmation, effectiveDate },
        created: true,
        log: { reference },
        receivedDay,
      };
    } catch (error) {
      // A reference drawn twice the same day: draw again.
      const message = error instanceof Error ? error.message : '';
      if (attempt < 3 && /UNIQUE constraint failed: terminations\.reference/.test(message)) continue;
      throw error;
    }
  }
}

function replay(known: KnownTermination, hash: string): StoredTerminationAnswer {
  if (known.contentSha256 !== null && known.contentSha256 !== hash) {
    throw new Refusal(409, terminationMessages.replayMismatch, 'replay-mismatch');
  }
  return {
    status: 200,
    answer: { reference: known.reference, confirmation: known.confirmation, effectiveDate: known.effectiveDate },
    created: false,
    log: { reference: known.reference, duplicate: true },
    receivedDay: isoDay(new Date(known.createdAt)),
  };
}

/** A robot's post: kept (truncated) for the owner to see, never mailed; purged after the spam retention. */
async function storeSpam(db: Db, fields: Map<string, string>, now: Date): Promise<string> {
  const text = (name: string, max = 200) => [...(fields.get(name) ?? '').trim()].slice(0, max).join('');
  const given = text(QUOTE_REQUEST_ID_FIELD, 36).toLowerCase();
  const email = text('email', TERMINATION_MAX_LENGTHS.email);
  const record: NewTermination = {
    reference: newReference(now, 'R'),
    requestId: isRequestId(given) ? given : randomUUID(),
    createdAt: now.toISOString(),
    spam: true,
    lastName: text('lastName', TERMINATION_MAX_LENGTHS.lastName),
    firstName: text('firstName', TERMINATION_MAX_LENGTHS.firstName),
    company: text('company', TERMINATION_MAX_LENGTHS.company),
    email,
    emailKey: emailKey(email),
    contractType: undefined,
    contractReference: text('contractReference', TERMINATION_MAX_LENGTHS.contractReference),
    contractStart: undefined,
    desiredDate: undefined,
    effectiveDate: '',
    reason: text('reason', TERMINATION_MAX_LENGTHS.reason),
    contentSha256: null,
  };
  const result = await insertTermination(db, record, terminationMailsOf(record, ''), Date.now());
  return result.reference;
}
