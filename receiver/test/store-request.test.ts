import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { openDb, type Db } from '../src/store/db';
import { quoteMessages as messages } from '@/content/form-messages';
import { REFERENCE_PATTERN } from '../src/requests/reference';
import { storeRequest, type StoreDeps } from '../src/intake/store-request';
import { ensureLayout, layout, writeTempFile } from '../src/store/storage';
import { Refusal } from '../src/intake/form-intake';
import { fileTypeOfName } from '../src/intake/validate';
import { pdf } from './fixtures';
import { removeDir, sha256, storeDir, validFields } from './helpers';

/** The storeRequest service called directly, without HTTP: what the route does once the body is read. */
describe('storeRequest, without HTTP', () => {
  let dataDir: string;
  let db: Db;
  let deps: StoreDeps;

  before(async () => {
    dataDir = await storeDir();
    const dirs = layout(dataDir);
    await ensureLayout(dirs);
    db = await openDb(dataDir, 5_000);
    deps = { db, dirs, config: { fromEmail: 'no-reply@entreprise.test' } };
  });

  after(async () => {
    db.close();
    await removeDir(dataDir);
  });

  const fieldsOf = (fields: Record<string, string>) => new Map(Object.entries(fields));

  test('stores a request with its file and its two mails, then answers a replay with the same reference', async () => {
    const fields = validFields();
    const file = pdf();
    const upload = {
      temp: await writeTempFile(deps.dirs, Readable.from([file])),
      type: fileTypeOfName('devis.pdf'),
      name: 'devis.pdf',
    };
    const stored = await storeRequest(deps, fieldsOf(fields), upload);
    assert.equal(stored.status, 201);
    assert.equal(stored.created, true);
    assert.match(stored.answer.reference, REFERENCE_PATTERN);
    assert.equal(stored.answer.confirmation, true);
    assert.deepEqual(stored.log, { reference: stored.answer.reference });

    const row = (
      await db.execute({ sql: 'SELECT * FROM requests WHERE reference = ?', args: [stored.answer.reference] })
    ).rows[0];
    assert.ok(row);
    assert.equal(row.email, fields.email);
    assert.equal(row.file_name, 'devis.pdf');
    assert.equal(sha256(await readFile(path.join(dataDir, 'files', String(row.file_path)))), sha256(file));
    // The temp file is the service's to remove.
    assert.deepEqual(await readdir(path.join(dataDir, 'tmp')), []);
    const mails = await db.execute({
      sql: 'SELECT COUNT(*) AS n FROM outbox WHERE request_id = ?',
      args: [Number(row.id)],
    });
    assert.equal(Number(mails.rows[0]?.n), 2);

    const again = await storeRequest(deps, fieldsOf(fields), {
      temp: await writeTempFile(deps.dirs, Readable.from([file])),
      type: fileTypeOfName('devis.pdf'),
      name: 'devis.pdf',
    });
    assert.equal(again.status, 200);
    assert.equal(again.created, false);
    assert.deepEqual(again.answer, stored.answer);
    assert.deepEqual(await readdir(path.join(dataDir, 'tmp')), []);
  });

  test('refuses in French: a field out of its rules (400), the same request id with other content (409)', async () => {
    const refusal = await storeRequest(deps, fieldsOf(validFields({ firstName: '' }))).catch((error: unknown) => error);
    assert.ok(refusal instanceof Refusal);
    assert.equal(refusal.statusCode, 400);
    assert.equal(refusal.french, messages.required('firstName'));

    const fields = validFields();
    assert.equal((await storeRequest(deps, fieldsOf(fields))).status, 201);
    const mismatch = await storeRequest(deps, fieldsOf({ ...fields, description: 'Autre chose entièrement.' })).catch(
      (error: unknown) => error,
    );
    assert.ok(mismatch instanceof Refusal);
    assert.equal(mismatch.statusCode, 409);
    assert.equal(mismatch.french, messages.replayMismatch);
  });

  test('a spam request (the trap field filled) is stored as spam, with no mail', async () => {
    const stored = await storeRequest(deps, fieldsOf(validFields({ website: 'https://spam.test' })));
    assert.equal(stored.status, 201);
    assert.equal(stored.created, false);
    assert.equal(stored.answer.confirmation, false);
    assert.equal(stored.log.spam, true);
  });
});
