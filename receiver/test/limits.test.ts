import assert from 'node:assert/strict';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import { after, describe, test } from 'node:test';
import { DB_FILE } from '../src/store/db';
import { pdf } from './fixtures';
import { countRows, form, post, receiverWith, validFields } from './helpers';

describe('rate limit, proxy and health', () => {
  const cleanup: (() => Promise<void>)[] = [];
  after(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  test('over the limit, one client IP (X-Forwarded-For from loopback) gets 429 while another gets through', async () => {
    const receiver = await receiverWith(cleanup, { QUOTE_RATE_LIMIT: '3' });
    const flood = { 'x-forwarded-for': '203.0.113.5' };
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await post(receiver.url, form(validFields()), flood)).status, 201);
    }
    const refused = await post(receiver.url, form(validFields()), flood);
    assert.equal(refused.status, 429);
    assert.match(
      refused.body.error ?? '',
      /^Trop de demandes ont été envoyées depuis votre connexion\u00a0: réessayez dans une heure/,
    );
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.equal(
      refused.headers.get('access-control-allow-origin'),
      'http://site.test',
      'the form can read the message',
    );
    const other = await post(receiver.url, form(validFields()), { 'x-forwarded-for': '198.51.100.7' });
    assert.equal(other.status, 201);
    // The proxy's own address is not the client: a chain keeps the last untrusted hop.
    const chained = await post(receiver.url, form(validFields()), { 'x-forwarded-for': '198.51.100.7, 203.0.113.5' });
    assert.equal(chained.status, 429);
    assert.equal(await countRows(receiver, 'requests'), 4);
  });

  test('without a trusted proxy, X-Forwarded-For is ignored: changing it does not escape the limit', async () => {
    const receiver = await receiverWith(cleanup, { QUOTE_RATE_LIMIT: '2', QUOTE_TRUST_PROXY: 'false' });
    assert.equal((await post(receiver.url, form(validFields()), { 'x-forwarded-for': '203.0.113.1' })).status, 201);
    assert.equal((await post(receiver.url, form(validFields()), { 'x-forwarded-for': '203.0.113.2' })).status, 201);
    assert.equal((await post(receiver.url, form(validFields()), { 'x-forwarded-for': '203.0.113.3' })).status, 429);
  });

  test('QUOTE_RATE_LIMIT=0 turns the limit off', async () => {
    const receiver = await receiverWith(cleanup, { QUOTE_RATE_LIMIT: '0' });
    for (let i = 0; i < 12; i += 1) assert.equal((await post(receiver.url, form(validFields()))).status, 201);
  });

  test('health: 503 in French while the database cannot be written, 200 again after', async () => {
    const receiver = await receiverWith(cleanup, { QUOTE_DB_BUSY_TIMEOUT_MS: '50' });
    assert.equal((await fetch(`${receiver.url}/api/devis/health`)).status, 200);
    // Another process holding the write lock (as a stuck tool would): writes fail after the busy timeout.
    const other = createClient({ url: `file:${path.join(receiver.dataDir, DB_FILE)}` });
    const lock = await other.transaction('write');
    try {
      const response = await fetch(`${receiver.url}/api/devis/health`);
      assert.equal(response.status, 503);
      assert.match(((await response.json()) as { error: string }).error, /momentanément indisponible/);
      // A request meanwhile: 5xx in French, nothing half-written.
      const answer = await post(
        receiver.url,
        form(validFields(), [{ name: 'a.pdf', data: Buffer.from('%PDF-1.7\nx\n%%EOF') }]),
      );
      assert.equal(answer.status, 500);
      assert.match(answer.body.error ?? '', /^Une erreur de notre côté a empêché l’enregistrement de votre demande/);
    } finally {
      await lock.rollback();
      other.close();
    }
    const again = await fetch(`${receiver.url}/api/devis/health`);
    if (again.status !== 200) console.log(receiver.logs());
    assert.equal(again.status, 200);
    assert.equal(await countRows(receiver, 'requests'), 0);
    assert.deepEqual(await readdir(path.join(receiver.dataDir, 'files')), []);
    assert.deepEqual(await readdir(path.join(receiver.dataDir, 'tmp')), []);
  });

  test('health: 503 while the upload folder cannot be written', async () => {
    const receiver = await receiverWith(cleanup, {});
    const tmp = path.join(receiver.dataDir, 'tmp');
    await rename(tmp, `${tmp}.away`);
    await writeFile(tmp, 'not a folder');
    try {
      assert.equal((await fetch(`${receiver.url}/api/devis/health`)).status, 503);
    } finally {
      await rm(tmp);
      await rename(`${tmp}.away`, tmp);
    }
    assert.equal((await fetch(`${receiver.url}/api/devis/health`)).status, 200);
  });

  test('refusals before the body is read (origin, rate limit) still reach a client sending a large file', async () => {
    const receiver = await receiverWith(cleanup, { QUOTE_RATE_LIMIT: '1' });
    const big = [{ name: 'plan.pdf', data: pdf(8 * 1024 * 1024) }];
    const foreign = await post(receiver.url, form(validFields(), big), { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal((await post(receiver.url, form(validFields()))).status, 201);
    for (let i = 0; i < 3; i += 1) {
      const limited = await post(receiver.url, form(validFields(), big));
      assert.equal(limited.status, 429);
      assert.match(limited.body.error ?? '', /^Trop de demandes/);
    }
  });
});
