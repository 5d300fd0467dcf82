import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Config } from '../config';
import { publishedSite, publishedSiteData } from '../store/site-data';
import { type Db } from '../store/db';
import { findByRequestId, insertRequest, type KnownRequest, type NewRequest } from '../store/request-queries';
import { emailKey } from '../email';
import { deadlineOf } from '../requests/deadline';
import { mailsOf } from '../requests/mail-kinds';
import {
  QUOTE_MAX_LENGTHS,
  QUOTE_REQUEST_ID_FIELD,
  quoteMessages as messages,
  type Closure,
  type OpeningRule,
  type QuoteAnswer,
} from '../facts';
import { isRequestId, isSpam, Refusal } from './form-intake';
import { validateFields, type Upload } from './quote-form';
import { newReference } from '../requests/reference';
import { commitFile, removeStoredFile, type Layout } from '../store/storage';
import { checkFileContent, contentHash } from './validate';

/**
 * Stores one quote request, as POST /api/devis receives it (its fields and its file in a temp file), with
 * no HTTP: the route calls it, and so can a test. A request is stored only once its row is committed and
 * its file is fsynced in place. Refusals are thrown as a Refusal (a 4xx and a French sentence).
 */

/** What the response log line may say: the reference and a refusal code, never a field value. */
export type QuoteLog = { reference?: string; refusal?: string; spam?: boolean; duplicate?: boolean };

export type StoredAnswer = {
  /** 201 for a new request, 200 for a replay of a stored one (same request id, same content). */
  status: 201 | 200;
  answer: QuoteAnswer;
  /** A new request whose mails are waiting in the outbox (wake the worker). */
  created: boolean;
  log: QuoteLog;
};

/** `config.site`, when publication is on: the call-back deadline skips the closures as published. */
export type StoreDeps = { db: Db; dirs: Layout; config: Pick<Config, 'fromEmail'> & Partial<Pick<Config, 'site'>> };

/**
 * `fields` are the form's known fields as received; `upload` its file, whose temp file this removes in
 * every case. A spam request (the trap field filled) is stored as such, without mails or file.
 */
export async function storeRequest(
  { db, dirs, config }: StoreDeps,
  fields: Map<string, string>,
  upload?: Upload,
): Promise<StoredAnswer> {
  let committedFile: string | undefined;
  // The closures and opening hours as published (store/site-data.ts): the call-back deadline skips both.
  const closures = publishedSiteData(config.site?.sourceDir).coordonnees.closures;
  const hours = publishedSite(config.site?.sourceDir).openingHours;
  try {
    if (isSpam(fields)) {
      const reference = await storeSpam(db, fields, upload, closures, hours);
      // No mail goes to a robot's address.
      return {
        status: 201,
        answer: { reference, confirmation: false },
        created: false,
        log: { reference, spam: true },
      };
    }

    const valid = validateFields(fields);
    const hash = contentHash(valid, upload?.temp.sha256);
    // A retry of a stored request: same answer, nothing stored (the race is settled by insertRequest).
    const known = await findByRequestId(db, valid.requestId);
    if (known) return replay(known, hash);
    if (upload) await checkFileContent(upload.temp.path, upload.type);

    const createdAt = new Date();
    for (let attempt = 1; ; attempt += 1) {
      const reference = newReference(createdAt);
      try {
        if (upload && !committedFile) {
          committedFile = await commitFile(dirs, upload.temp, `${reference}${upload.type.extensions[0]}`);
        }
        const record: NewRequest = {
          ...valid,
          reference,
          createdAt: createdAt.toISOString(),
          spam: false,
          emailKey: emailKey(valid.email),
          contentSha256: hash,
          deadlineAt: deadlineOf(createdAt, closures, hours).toISOString(),
          file:
            upload && committedFile
              ? {
                  name: upload.name,
                  path: committedFile,
                  size: upload.temp.size,
                  type: upload.type.mime,
                  sha256: upload.temp.sha256,
                }
              : undefined,
        };
        const result = await insertRequest(db, record, mailsOf(record, config.fromEmail), Date.now());
        if (!result.created) {
          // A concurrent twin won: keep its record and answer its reference.
          if (committedFile) await removeStoredFile(dirs, committedFile);
          committedFile = undefined;
          return replay(result, hash);
        }
        committedFile = undefined;
        return {
          status: 201,
          answer: { reference, confirmation: result.confirmation },
          created: true,
          log: { reference },
        };
      } catch (error) {
        // A reference drawn twice (about one chance in 887 million a day): draw again. The file keeps its name.
        if (attempt < 3 && isUniqueReferenceError(error)) continue;
        throw error;
      }
    }
  } finally {
    if (upload) await rm(upload.temp.path, { force: true });
    if (committedFile) await removeStoredFile(dirs, committedFile);
  }
}

/** A request id already stored: the same content gets the first answer again, other content a 409. */
function replay(known: KnownRequest, hash: string): StoredAnswer {
  // Rows stored before content hashes existed (contentSha256 null) cannot be compared: the first answer.
  if (known.contentSha256 !== null && known.contentSha256 !== hash) {
    throw new Refusal(409, messages.replayMismatch, 'replay-mismatch');
  }
  return {
    status: 200,
    answer: { reference: known.reference, confirmation: known.confirmation },
    created: false,
    log: { reference: known.reference, duplicate: true },
  };
}

async function storeSpam(
  db: Db,
  fields: Map<string, string>,
  upload: Upload | undefined,
  closures: readonly Closure[],
  hours: readonly OpeningRule[],
): Promise<string> {
  const text = (name: string, max = 200) => [...(fields.get(name) ?? '').trim()].slice(0, max).join('');
  const given = text(QUOTE_REQUEST_ID_FIELD, 36).toLowerCase();
  const reference = newReference();
  const createdAt = new Date();
  const record: NewRequest = {
    reference,
    requestId: isRequestId(given) ? given : randomUUID(),
    createdAt: createdAt.toISOString(),
    // Kept should the team take it out of the spam folder (« Ce n'est pas un spam »).
    deadlineAt: deadlineOf(createdAt, closures, hours).toISOString(),
    spam: true,
    firstName: text('firstName', QUOTE_MAX_LENGTHS.firstName),
    lastName: text('lastName', QUOTE_MAX_LENGTHS.lastName),
    email: text('email', QUOTE_MAX_LENGTHS.email),
    emailKey: emailKey(text('email', QUOTE_MAX_LENGTHS.email)),
    contentSha256: null,
    phone: text('phone', QUOTE_MAX_LENGTHS.phone),
    serviceType: text('serviceType', 100),
    location: text('location', 100),
    // The file of a spam request is not kept: its name is noted in the description for the owner.
    description:
      text('description', QUOTE_MAX_LENGTHS.description) +
      (upload ? `\n[pièce jointe non conservée : ${upload.name}]` : ''),
    file: undefined,
  };
  // No mail goes to a robot's address (mailsOf gives a spam request none).
  const result = await insertRequest(db, record, mailsOf(record, ''), Date.now());
  return result.reference;
}

function isUniqueReferenceError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /UNIQUE constraint failed: requests\.(reference|file_path)/.test(message);
}
