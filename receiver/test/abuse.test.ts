import assert from 'node:assert/strict';
import { cp, stat } from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { rateLimitKey } from '../src/requests/client-key';
import { CONFIRMATIONS_PER_ADDRESS } from '../src/requests/mail-kinds';
import { SCHEMA_VERSION } from '../src/store/migrations';
import { quoteMessages as messages } from '@/content/form-messages';
import { pdf } from './fixtures';
import {
  build,
  form,
  outboxSettled,
  post,
  receiverWith,
  removeDir,
  root,
  send,
  sha256,
  startSmtp,
  startTestReceiver,
  tempDir,
  tool,
  validFields,
} from './helpers';

/** Nobody can use the receiver to send mail, nor wear it down; the smaller holes; upgrades keep every request. */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('the confirmation carries no text a visitor chose', () => {
  test('a first name with anything but letters, spaces, apostrophes and hyphens is refused in French', async (t) => {
    const { app } = await build(t);
    for (const firstName of ['Jean http://spam.test', 'Achetez <b>ici</b>', 'Jean2', 'Jean.', 'www.spam.test']) {
      const answer = await send(app, form(validFields({ firstName })));
      assert.deepEqual(
        [answer.status, answer.body.code, answer.body.field],
        [400, 'first-name', 'firstName'],
        firstName,
      );
      assert.equal(answer.body.error, messages.firstName);
    }
    for (const firstName of ['Jean-Marie', 'Zoé', 'D’Artagnan', "O'Neill", 'Anne Sophie']) {
      assert.equal((await send(app, form(validFields({ firstName })))).status, 201, firstName);
    }
  });

  test('a description keeps its tabs and line breaks; any other control character is refused in French', async (t) => {
    const { app, db } = await build(t);
    const description = 'Cuisine :\r\n\t- évier\r\n\t- robinet\nMerci';
    const stored = await send(app, form(validFields({ description })));
    assert.equal(stored.status, 201, JSON.stringify(stored.body));
    const row = await db.execute({
      sql: 'SELECT description FROM requests WHERE reference = ?',
      args: [String(stored.body.reference)],
    });
    // Kept, the browser's CRLF line breaks stored as plain line breaks.
    assert.equal(row.rows[0]?.description, 'Cuisine :\n\t- évier\n\t- robinet\nMerci');
    for (const control of ['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f', '\u009b']) {
      const answer = await send(app, form(validFields({ description: `Fuite${control}cachée` })));
      assert.deepEqual(
        [answer.status, answer.body.code, answer.body.field, answer.body.error],
        [400, 'control-character', 'description', messages.controlCharacter('description')],
        JSON.stringify(control),
      );
    }
  });

  test(`at most ${CONFIRMATIONS_PER_ADDRESS} confirmations to one address a day; later requests are stored and notified to the company`, async () => {
    const smtp = await startSmtp();
    cleanup.push(() => smtp.stop());
    const receiver = await receiverWith(cleanup, { SMTP_URL: smtp.url });
    const email = 'cible@exemple.fr';
    const answers = [];
    for (let index = 0; index <= CONFIRMATIONS_PER_ADDRESS; index += 1) {
      answers.push(await post(receiver.url, form(validFields({ email: index % 2 ? email.toUpperCase() : email }))));
    }
    assert.deepEqual(
      answers.map((answer) => [answer.status, answer.body.confirmation]),
      [...Array.from({ length: CONFIRMATIONS_PER_ADDRESS }, () => [201, true]), [201, false]],
    );
    await outboxSettled(receiver);
    const toVisitor = smtp.messages.filter((mail) => mail.headers.get('auto-submitted') === 'auto-generated');
    assert.equal(toVisitor.length, CONFIRMATIONS_PER_ADDRESS);
    const last = smtp.withReference(String(answers.at(-1)?.body.reference));
    assert.equal(last.length, 1, 'the company is notified of the request over the limit');
    assert.match(last[0]?.text ?? '', /Confirmation au visiteur\u00a0: non envoyée/);
  });
});

describe('rate limit and health', () => {
  test('the rate limit counts an IPv6 /64 as one client', async () => {
    assert.equal(rateLimitKey('2001:db8:1:2::a'), '2001:db8:1:2::/64');
    assert.equal(rateLimitKey('2001:0db8:0001:0002:ffff:0:0:1'), '2001:db8:1:2::/64');
    assert.equal(rateLimitKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(rateLimitKey('::ffff:203.0.113.5'), '203.0.113.5');
    assert.equal(rateLimitKey('203.0.113.5'), '203.0.113.5');

    const receiver = await receiverWith(cleanup, { QUOTE_RATE_LIMIT: '2' });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    assert.equal((await post(receiver.url, form(validFields()), from('2001:db8:1:2::a'))).status, 201);
    assert.equal((await post(receiver.url, form(validFields()), from('2001:db8:1:2::b'))).status, 201);
    assert.equal((await post(receiver.url, form(validFields()), from('2001:db8:1:2:ffff::c'))).status, 429);
    assert.equal((await post(receiver.url, form(validFields()), from('2001:db8:1:3::a'))).status, 201);
  });

  test('the health check reuses a recent answer: ten callers at once cost one store check', async () => {
    const receiver = await receiverWith(cleanup, { QUOTE_HEALTH_CACHE_MS: '60000' });
    const checkedAt = async () =>
      String((await receiver.db.execute('SELECT checked_at FROM health')).rows[0]?.checked_at);
    assert.equal((await fetch(`${receiver.url}/api/devis/health`)).status, 200);
    const first = await checkedAt();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => (await fetch(`${receiver.url}/api/devis/health`)).status),
    );
    assert.deepEqual(
      statuses,
      Array.from({ length: 10 }, () => 200),
    );
    assert.equal(await checkedAt(), first, 'no new write within the cache period');
  });
});

describe('smaller holes', () => {
  test('a file part without a file name is refused with a 400 in French', async (t) => {
    const { app } = await build(t);
    const boundary = 'limite42';
    const parts = Object.entries(validFields()).map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const body =
      parts.join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-1.7\r\n--${boundary}--\r\n`;
    const answer = await send(app, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    assert.deepEqual([answer.status, answer.body.code, answer.body.error], [400, 'file-name', messages.fileName]);
  });

  test('the same requestId with other content is a 409 in French; with the same content, the first answer', async (t) => {
    const { app } = await build(t);
    const fields = validFields();
    const file = pdf();
    const first = await send(app, form(fields, [{ name: 'a.pdf', data: file }]));
    assert.equal(first.status, 201);
    const same = await send(app, form(fields, [{ name: 'a.pdf', data: file }]));
    assert.deepEqual([same.status, same.body], [200, first.body]);
    const other = await send(
      app,
      form({ ...fields, description: 'Tout autre chose.' }, [{ name: 'a.pdf', data: file }]),
    );
    assert.deepEqual(
      [other.status, other.body.code, other.body.error],
      [409, 'replay-mismatch', messages.replayMismatch],
    );
    const otherFile = await send(app, form(fields, [{ name: 'a.pdf', data: pdf() }]));
    assert.deepEqual([otherFile.status, otherFile.body.code], [409, 'replay-mismatch']);
  });
});

describe('what the tools print and write', () => {
  test('control and bidi characters never reach the terminal nor a stored file name; bad options and paths get French messages; files are private', async () => {
    const receiver = await receiverWith(cleanup);
    const escape = '\u001b[2J\u001b]8;;http://spam.test\u0007clic\u001b]8;;\u0007';
    await post(
      receiver.url,
      form(validFields({ website: 'x', firstName: `Robot${escape}`, lastName: 'A\u202eB\u0085' })),
    );
    const named = await post(receiver.url, form(validFields(), [{ name: 'facture\u202efdp.pdf', data: pdf() }]));
    assert.equal(named.status, 201);
    const stored = await receiver.db.execute({
      sql: 'SELECT file_name FROM requests WHERE reference = ?',
      args: [named.body.reference ?? ''],
    });
    assert.equal(stored.rows[0]?.file_name, 'facturefdp.pdf');

    const unprintable = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    const spam = await tool('list', ['--spam'], receiver.dataDir);
    assert.equal(spam.code, 0, spam.stderr);
    assert.match(spam.stdout, /Robot\[2J\]8;;http:\/\/spam\.testclic\]8;;/);
    assert.ok(!unprintable.test(spam.stdout), JSON.stringify(spam.stdout));
    const list = await tool('list', [], receiver.dataDir);
    assert.ok(list.stdout.includes('pièce jointe facturefdp.pdf'));

    const huge = await tool('list', ['--limit', '1e30'], receiver.dataDir);
    assert.equal(huge.code, 2);
    assert.match(huge.stderr, /^--limit attend un nombre entier entre 1 et 100000\./);
    const missing = await tool('export', ['--out', '/missing/x.csv'], receiver.dataDir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /^Impossible d’écrire \/missing\/x\.csv \(ENOENT\)/);
    assert.ok(!/\n\s+at /.test(missing.stderr), 'no stack trace');

    const out = path.join(receiver.dataDir, 'export.csv');
    assert.equal((await tool('export', ['--out', out], receiver.dataDir)).code, 0);
    assert.equal((await stat(out)).mode & 0o777, 0o600);
    for (const dir of ['', 'files', 'tmp', 'outbox']) {
      assert.equal((await stat(path.join(receiver.dataDir, dir))).mode & 0o777, 0o700, `${dir || 'data'} folder`);
    }
  });
});

describe('upgrades keep every request', () => {
  test('a data folder written by the receiver before numbered migrations opens, upgraded, with every request, file and mail', async () => {
    const dataDir = await tempDir();
    await cp(path.join(root, 'receiver/test/fixtures/data-v0'), dataDir, { recursive: true });
    const receiver = await startTestReceiver(dataDir);
    cleanup.push(async () => {
      await receiver.close();
      await removeDir(dataDir);
    });
    const version = await receiver.db.execute('PRAGMA user_version');
    assert.equal(Number(version.rows[0]?.user_version), SCHEMA_VERSION);
    const requests = await receiver.db.execute(
      'SELECT reference, spam, file_path, file_sha256 FROM requests ORDER BY id',
    );
    assert.deepEqual(
      requests.rows.map((row) => [row.reference, row.spam, row.file_path]),
      [
        ['D-20261125-DSU2KY', 0, 'D-20261125-DSU2KY.pdf'],
        ['D-20261125-RVH37W', 0, null],
        ['D-20261125-8VWW6Z', 0, 'D-20261125-8VWW6Z.png'],
        ['D-20261125-QRQEX3', 1, null],
      ],
    );
    for (const row of requests.rows.filter((row) => row.file_path !== null)) {
      const { readFile } = await import('node:fs/promises');
      assert.equal(sha256(await readFile(path.join(dataDir, 'files', String(row.file_path)))), row.file_sha256);
    }
    // The pending mail left after the upgrade (no SMTP: an .eml file), the sent and failed ones stayed.
    await outboxSettled(receiver);
    const outbox = await receiver.db.execute(
      `SELECT r.reference, o.kind, o.status FROM outbox o JOIN requests r ON r.id = o.request_id ORDER BY o.id`,
    );
    assert.deepEqual(
      outbox.rows.map((row) => `${row.reference} ${row.kind} ${row.status}`),
      [
        'D-20261125-DSU2KY company sent',
        'D-20261125-DSU2KY visitor sent',
        'D-20261125-RVH37W company sent',
        'D-20261125-RVH37W visitor sent',
        'D-20261125-8VWW6Z company sent',
        'D-20261125-8VWW6Z visitor failed',
      ],
    );
    // A replay of an old request (no content hash) gets its first answer.
    assert.equal((await post(receiver.url, form(validFields()))).status, 201);
  });
});
