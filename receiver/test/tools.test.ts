import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { retention } from '../src/facts';
import { openDb, type Db } from '../src/store/db';
import { purgeExpired } from '../src/store/purge';
import { command, fail, withTool } from '../src/tools/cli';
import { pdf } from './fixtures';
import {
  countRows,
  form,
  outboxSettled,
  post,
  removeDir,
  runScript,
  startTestReceiver,
  storeDir,
  tempDir,
  testEnv,
  type TestReceiver,
  tool,
  validFields,
} from './helpers';
import { sampleLocation, sampleService } from './factories';

const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString();
};

describe('the owner’s tools', () => {
  let receiver: TestReceiver;
  let dataDir: string;
  const refs: Record<string, string> = {};

  before(async () => {
    dataDir = await storeDir();
    // No SMTP_URL: mails are written as .eml files in the outbox folder.
    receiver = await startTestReceiver(dataDir, { SMTP_URL: undefined });
    const submissions: Record<string, Record<string, string>> = {
      oldAlone: { email: 'ancien@exemple.fr', firstName: 'Ancien' },
      oldButReturned: { email: 'fidele@exemple.fr', firstName: 'Fidèle' },
      recentReturn: { email: 'FIDELE@exemple.fr', firstName: 'Fidèle' },
      recent: {
        email: 'recent@exemple.fr',
        firstName: 'Récent',
        description: '=HYPERLINK("http://x") ; "guillemets"\r\nligne 2',
      },
      erase: { email: 'effacer@exemple.fr', firstName: 'Effacé' },
      erase2: { email: 'effacer@exemple.fr', firstName: 'Effacé' },
    };
    for (const [key, fields] of Object.entries(submissions)) {
      const answer = await post(receiver.url, form(validFields(fields), [{ name: `${key}.pdf`, data: pdf() }]));
      assert.equal(answer.status, 201);
      refs[key] = answer.body.reference ?? '';
    }
    await outboxSettled(receiver);
    const setDate = (key: string, iso: string) =>
      receiver.db.execute({
        sql: 'UPDATE requests SET created_at = ? WHERE reference = ?',
        args: [iso, refs[key] ?? ''],
      });
    await setDate('oldAlone', yearsAgo(retention.quoteRequestYears, 1));
    await setDate('oldButReturned', yearsAgo(retention.quoteRequestYears + 1));
    await setDate('recentReturn', yearsAgo(retention.quoteRequestYears - 1));
  });
  after(async () => {
    await receiver.close();
    await removeDir(dataDir);
  });

  test('without SMTP_URL, each mail is an .eml file in the outbox folder', async () => {
    const files = await readdir(path.join(dataDir, 'outbox'));
    assert.equal(files.length, 12);
    const eml = await readFile(path.join(dataDir, 'outbox', `${refs.recent}-visitor.eml`), 'utf8');
    assert.match(eml, /^To: recent@exemple\.fr$/m);
    assert.match(eml, new RegExp(`^Message-ID: <${refs.recent}\\.visitor@entreprise\\.test>$`, 'm'));
    assert.match(receiver.logs(), /SMTP_URL is not set/);
  });

  test('each tool as npm run starts it: its exit code, and its words on stdout or stderr', async () => {
    // The other tests call the same functions in their own process; these five run the real commands.
    const list = await runScript('bin/list', [], dataDir);
    assert.deepEqual([list.code, list.stderr], [0, '']);
    assert.ok(list.stdout.includes(`${refs.recent}  `), list.stdout);

    const out = path.join(dataDir, 'commande.csv');
    const exported = await runScript('bin/export', ['--out', out], dataDir);
    assert.deepEqual([exported.code, exported.stdout], [0, '']);
    assert.equal(
      exported.stderr,
      `${await countRows(receiver, 'requests', 'spam = 0')} demande(s) exportée(s) dans ${out}.\n`,
    );
    assert.ok((await readFile(out, 'utf8')).includes(`"${refs.recent}"`));

    const help = await runScript('bin/erase', ['--help'], dataDir);
    assert.deepEqual(help, {
      code: 0,
      stdout: 'Usage : npm run receiver:erase -- --email adresse@exemple.fr [--yes [--contrats]]\n',
      stderr: '',
    });

    const badOption = await runScript('bin/purge', ['--jours', '3'], dataDir);
    assert.deepEqual([badOption.code, badOption.stdout], [2, '']);
    assert.match(
      badOption.stderr,
      /^Unknown option '--jours'[^]*\n\nUsage : npm run receiver:purge -- \[--dry-run\]\n$/,
    );

    // Refused once the database is open: the process still ends, with code 2.
    const unknown = await runScript('bin/user', ['disable', 'personne@exemple.fr'], dataDir);
    assert.deepEqual(unknown, {
      code: 2,
      stdout: '',
      stderr: 'Aucun membre de l’équipe n’a l’adresse personne@exemple.fr.\n',
    });
  });

  test('list shows the latest requests', async () => {
    const { stdout, code } = await tool('list', ['--limit', '2'], dataDir);
    assert.equal(code, 0);
    assert.ok(stdout.includes(refs.erase2 ?? 'missing'));
    assert.ok(!stdout.includes(refs.oldAlone ?? 'missing'));
    assert.match(stdout, /e-mails : entreprise envoyé, visiteur envoyé/);
  });

  test('export writes an Excel-ready CSV: BOM, ";" separators, quoted fields, formulas neutralised', async () => {
    const { stdout, code } = await tool('export', [], dataDir);
    assert.equal(code, 0);
    assert.ok(stdout.startsWith('\uFEFF"Référence";"Reçue le (heure de Paris)";"Prénom";"Nom";"E-mail"'));
    const lines = stdout.slice(1).split('\r\n');
    assert.equal(lines.at(-1), '');
    const recent = stdout.slice(stdout.indexOf(`"${refs.recent}"`));
    assert.ok(
      recent.includes(`"'=HYPERLINK(""http://x"") ; ""guillemets""\r\nligne 2"`),
      'formula neutralised, quotes doubled, CRLF kept inside the field',
    );
    assert.ok(recent.includes(`"${sampleService.label}";"${sampleLocation.label}"`));
    assert.ok(recent.includes('"\'+33 6 12 34 56 78"'), 'a phone starting with + is not read as a formula');

    const out = path.join(dataDir, 'export.csv');
    const toFile = await tool('export', ['--out', out], dataDir);
    assert.equal(toFile.code, 0);
    assert.match(toFile.stderr, /6 demande\(s\) exportée\(s\)/);
    assert.equal(await readFile(out, 'utf8'), stdout);
  });

  test('purge deletes requests past the retention from the last contact, with their files and mails', async () => {
    const dry = await tool('purge', ['--dry-run'], dataDir);
    assert.equal(dry.code, 0);
    assert.match(dry.stdout, /1 demande\(s\) à supprimer/);
    assert.equal(await countRows(receiver, 'requests'), 6);

    const { stdout, code } = await tool('purge', [], dataDir);
    assert.equal(code, 0);
    assert.match(stdout, /1 demande\(s\) supprimée\(s\)/);
    assert.ok(stdout.includes(refs.oldAlone ?? 'missing'));
    const remaining = (await receiver.db.execute('SELECT reference FROM requests')).rows.map((row) =>
      String(row.reference),
    );
    assert.ok(!remaining.includes(refs.oldAlone ?? ''), 'the old request is gone');
    // Four years old, but the same address came back two years ago: the last contact counts.
    assert.ok(remaining.includes(refs.oldButReturned ?? ''), 'an old request of a returning address stays');
    assert.ok(remaining.includes(refs.recentReturn ?? ''));
    assert.equal(await countRows(receiver, 'outbox', `request_id NOT IN (SELECT id FROM requests)`), 0);
    const files = await readdir(path.join(dataDir, 'files'));
    assert.ok(!files.some((name) => name.startsWith(refs.oldAlone ?? '')), 'its file is gone');
    assert.ok(!existsSync(path.join(dataDir, 'outbox', `${refs.oldAlone}-company.eml`)), 'its .eml copies are gone');
    assert.equal(files.length, 5);

    // The same rule through the function the daily job runs, a year later: the returning address goes whole.
    const nextYear = new Date();
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    nextYear.setUTCDate(nextYear.getUTCDate() + 1);
    const purged = await purgeExpired(receiver.db, receiver.dirs, nextYear, receiver.app.config.retention.spamDays);
    assert.deepEqual(
      purged.map((request) => request.reference).sort(),
      [refs.oldButReturned, refs.recentReturn].sort(),
    );
  });

  test('erase lists everything about one address, and erases it only with --yes; an accepted one only with --contrats', async () => {
    // The second request was accepted: a contract the company keeps.
    await receiver.db.execute({
      sql: "UPDATE requests SET status = 'acceptee' WHERE reference = ?",
      args: [refs.erase2 ?? ''],
    });
    const listing = await tool('erase', ['--email', 'Effacer@Exemple.fr'], dataDir);
    assert.equal(listing.code, 0);
    assert.match(listing.stdout, /2 demande\(s\) pour Effacer@Exemple\.fr/);
    assert.ok(listing.stdout.includes(refs.erase ?? 'missing') && listing.stdout.includes(refs.erase2 ?? 'missing'));
    assert.ok(
      listing.stdout.includes(`${refs.erase2}, reçue le`) &&
        /\(« Acceptée » : contrat à conserver\)/.test(listing.stdout),
    );
    assert.ok(listing.stdout.includes(`Attention : ${refs.erase2} est « Acceptée »`), listing.stdout);
    assert.match(listing.stdout, /pièce jointe erase\.pdf/);
    assert.match(listing.stdout, /e-mail au visiteur : envoyé \(copie /);
    assert.match(listing.stdout, /Rien n’est effacé/);
    assert.equal(await countRows(receiver, 'requests', "email_key = 'effacer@exemple.fr'"), 2);

    // --yes erases the other one, and keeps the contract.
    const erased = await tool('erase', ['--email', 'effacer@exemple.fr', '--yes'], dataDir);
    assert.equal(erased.code, 0);
    assert.match(erased.stdout, /Effacé : 1 demande\(s\).* Gardée\(s\) : 1 demande\(s\) « Acceptée »/);
    assert.deepEqual(
      (await receiver.db.execute("SELECT reference FROM requests WHERE email_key = 'effacer@exemple.fr'")).rows.map(
        (row) => row.reference,
      ),
      [refs.erase2],
    );
    // --contrats: the owner decided; it goes too.
    const contracts = await tool('erase', ['--email', 'effacer@exemple.fr', '--yes', '--contrats'], dataDir);
    assert.equal(contracts.code, 0);
    assert.doesNotMatch(contracts.stdout, /Attention/);
    assert.match(contracts.stdout, /Effacé : 1 demande\(s\)/);
    assert.equal(await countRows(receiver, 'requests', "email_key = 'effacer@exemple.fr'"), 0);
    assert.equal(await countRows(receiver, 'outbox', 'request_id NOT IN (SELECT id FROM requests)'), 0);
    for (const key of ['erase', 'erase2']) {
      assert.ok(!(await readdir(path.join(dataDir, 'files'))).some((name) => name.startsWith(refs[key] ?? '')));
      assert.ok(!existsSync(path.join(dataDir, 'outbox', `${refs[key]}-visitor.eml`)));
    }
    assert.equal(
      await countRows(receiver, 'requests', "email_key = 'recent@exemple.fr'"),
      1,
      'other addresses are untouched',
    );

    const none = await tool('erase', ['--email', 'effacer@exemple.fr'], dataDir);
    assert.match(none.stdout, /Aucune demande enregistrée pour effacer@exemple\.fr/);
    const missing = await tool('erase', [], dataDir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Indiquez l’adresse avec --email/);
  });
});

describe('a tool called in the test’s own process', () => {
  test('closes the database it opened, whether it ends well, with a French refusal or with a bug', async (t) => {
    const dataDir = await tempDir();
    t.after(() => removeDir(dataDir));
    (await openDb(dataDir, 5000)).close();
    const io = { env: testEnv(dataDir), stdout: { write: () => true }, stderr: { write: () => true } };
    const opened: Db[] = [];
    const keep = async ({ db }: { db: Db }) => void opened.push(db);
    await withTool(io, keep);
    await assert.rejects(
      withTool(io, async (tool) => {
        await keep(tool);
        fail('Refusé.');
      }),
      { name: 'ToolExit', message: 'Refusé.', code: 2 },
    );
    await assert.rejects(
      withTool(io, async (tool) => {
        await keep(tool);
        throw new TypeError('bug');
      }),
      TypeError,
    );
    assert.equal(opened.length, 3);
    for (const db of opened) await assert.rejects(db.execute('SELECT 1'), { code: 'CLIENT_CLOSED' });
  });

  test('a refusal becomes its message on stderr and exit code 2; any other error is thrown on', async () => {
    const io = () => {
      const run = { stdout: '', stderr: '' };
      return {
        run,
        io: {
          env: {},
          stdout: { write: (text: string) => (run.stdout += text) },
          stderr: { write: (text: string) => (run.stderr += text) },
        },
      };
    };
    const refused = io();
    const refusing = command(async (argv) => fail(`Refusé : ${argv.join(' ')}.`));
    assert.equal(await refusing(['a', 'b'], refused.io), 2);
    assert.deepEqual(refused.run, { stdout: '', stderr: 'Refusé : a b.\n' });
    const buggy = command(async () => {
      throw new RangeError('bug');
    });
    await assert.rejects(buggy([], io().io), RangeError);
  });
});

describe('start-up', () => {
  test('files left by an interrupted request: temp files removed, a file without its row set aside, stored files stay', async () => {
    const dataDir = await tempDir();
    try {
      const first = await startTestReceiver(dataDir);
      const answer = await post(first.url, form(validFields(), [{ name: 'a.pdf', data: pdf() }]));
      await first.close();
      await writeFile(path.join(dataDir, 'tmp', 'abandoned.part'), 'partial');
      await writeFile(path.join(dataDir, 'files', 'D-20260101-AAAAAA.pdf'), 'renamed, never committed');
      const second = await startTestReceiver(dataDir);
      await second.close();
      assert.deepEqual(await readdir(path.join(dataDir, 'tmp')), []);
      assert.deepEqual(await readdir(path.join(dataDir, 'files')), [`${answer.body.reference}.pdf`]);
      assert.deepEqual(await readdir(path.join(dataDir, 'quarantine')), ['D-20260101-AAAAAA.pdf']);
      assert.match(second.logs(), /"temp":1/);
      assert.match(second.logs(), /"quarantined":1/);
    } finally {
      await removeDir(dataDir);
    }
  });

  test('an invalid configuration stops npm run receiver with a clear French message', async () => {
    const dataDir = await tempDir();
    try {
      const result = await runScript('main', [], dataDir, { QUOTE_RATE_LIMIT: 'beaucoup' });
      assert.equal(result.code, 1);
      assert.match(
        result.stderr,
        /Configuration invalide : QUOTE_RATE_LIMIT doit être un nombre entier entre 0 et \d+ \(reçu « beaucoup »\)\./,
      );
    } finally {
      await removeDir(dataDir);
    }
  });

  test('a tool run on an empty data directory says so', async () => {
    const dataDir = await tempDir();
    try {
      await mkdir(dataDir, { recursive: true });
      const result = await tool('list', [], dataDir);
      assert.equal(result.code, 2);
      assert.match(result.stderr, /Aucune base de demandes dans/);
    } finally {
      await removeDir(dataDir);
    }
  });
});
