import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { describe, test } from 'node:test';
import { createClient } from '@libsql/client';
import { Value } from '@sinclair/typebox/value';
import {
  addMonths,
  formatFrenchDay,
  isEarliestEffectiveDay,
  isoDay,
  maintenanceContract,
  retention,
  site,
  TERMINATION_MAX_LENGTHS,
  TERMINATION_RECEIVER_PATH,
  terminationAnswerSchema,
  terminationEffectiveDay,
  terminationEffects,
  terminationMailTexts,
  terminationRefusalSchema,
} from '../src/facts';
import { checkTermination, devisNumberIn } from '../src/requests/termination-devis';
import { TERMINATION_REFERENCE_PATTERN } from '../src/requests/reference';
import { DB_FILE, openDb } from '../src/store/db';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/store/migrations';
import { dailyPurge } from '../src/store/purge';
import { loadConfig } from '../src/config';
import { build, ORIGIN, outboxSettled, removeDir, tempDir, testEnv, tool, type Fields, liveReceiver } from './helpers';
import type { FastifyInstance } from 'fastify';
import { draft, olderRequestRow, sentDevis } from './factories';

/**
 * « Résilier un contrat » (POST /api/resiliation): the effective date's rule, a termination stored and
 * acknowledged through a real SMTP server, a second identical submission, hostile input, the honeypot, the
 * retention and the erasure tool, and migration 11 from a real store at version 10.
 */

const { termYears, renewalYears, noticeMonths } = maintenanceContract;

function terminationFields(overrides: Fields = {}): Fields {
  return {
    lastName: 'Martin-Durand',
    firstName: 'Élodie',
    company: '',
    email: `elodie.${randomUUID().slice(0, 8)}@exemple.fr`,
    contractType: 'maintenance',
    contractReference: 'MC-2025/014, 12 bd. Wilson',
    contractStart: '2025-03-15',
    desiredDate: '',
    reason: '',
    requestId: randomUUID(),
    website: '',
    ...overrides,
  };
}

function body(fields: Fields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

type Answer = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> };

async function inject(
  app: FastifyInstance,
  payload: FormData | string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: TERMINATION_RECEIVER_PATH,
    payload,
    headers: { origin: ORIGIN, accept: 'application/json', ...headers },
  });
  return {
    status: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
    headers: response.headers,
  };
}

describe('the effective date (content/termination-settings.ts)', () => {
  test('addMonths keeps the day, or the month’s last one', () => {
    assert.equal(addMonths('2025-03-15', 12), '2026-03-15');
    assert.equal(addMonths('2026-03-15', -1), '2026-02-15');
    assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
    assert.equal(addMonths('2024-02-29', 12), '2025-02-28');
    assert.equal(addMonths('2024-02-29', 48), '2028-02-29');
    assert.equal(addMonths('2026-12-10', 1), '2027-01-10');
  });

  test('a maintenance contract ends on the first échéance the notice still reaches', () => {
    const start = '2025-03-15';
    const first = addMonths(start, termYears * 12);
    const second = addMonths(start, (termYears + renewalYears) * 12);
    const lastDay = addMonths(first, -noticeMonths);
    const dates = { contractType: 'maintenance', contractStart: start } as const;
    // Received on the last day of the notice: the first échéance.
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: lastDay }), first);
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: '2025-04-01' }), first);
    // One day late: the contract is renewed, and ends at the next échéance.
    const dayAfter = isoDay(new Date(Date.parse(`${lastDay}T12:00:00Z`) + 86_400_000));
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: dayAfter }), second);
    // A date asked for after the first échéance: the échéance on or after it.
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: '2025-04-01', desiredDate: second }), second);
    const pastFirst = isoDay(new Date(Date.parse(`${first}T12:00:00Z`) + 86_400_000));
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: '2025-04-01', desiredDate: pastFirst }), second);
    // A date in the past counts as « as soon as possible ».
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: '2025-04-01', desiredDate: '2020-01-01' }), first);
  });

  test('a contract signed on 29 February has its échéances on 28 February, and on the 29th in leap years', () => {
    const dates = { contractType: 'maintenance', contractStart: '2024-02-29' } as const;
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: '2024-06-01' }), addMonths('2024-02-29', 12));
    assert.equal(addMonths('2024-02-29', 12), '2025-02-28');
    assert.equal(terminationEffectiveDay({ ...dates, receivedDay: '2027-06-01' }), '2028-02-29');
  });

  test('a maintenance contract without its signature date: the earliest échéance the notice can reach', () => {
    const received = '2026-11-26';
    const earliest = addMonths(received, noticeMonths);
    assert.equal(terminationEffectiveDay({ contractType: 'maintenance', receivedDay: received }), earliest);
    const later = addMonths(received, noticeMonths + 2);
    assert.equal(
      terminationEffectiveDay({ contractType: 'maintenance', receivedDay: received, desiredDate: later }),
      later,
    );
    assert.equal(isEarliestEffectiveDay({ contractType: 'maintenance', contractStart: undefined }), true);
    assert.equal(isEarliestEffectiveDay({ contractType: 'maintenance', contractStart: '2025-03-15' }), false);
    assert.equal(isEarliestEffectiveDay({ contractType: 'devis', contractStart: undefined }), false);
  });

  test('an accepted devis is cancelled on the day received, or the later day asked for', () => {
    assert.equal(terminationEffectiveDay({ contractType: 'devis', receivedDay: '2026-11-26' }), '2026-11-26');
    assert.equal(
      terminationEffectiveDay({ contractType: 'devis', receivedDay: '2026-11-26', desiredDate: '2026-12-10' }),
      '2026-12-10',
    );
    assert.equal(
      terminationEffectiveDay({ contractType: 'devis', receivedDay: '2026-11-26', desiredDate: '2026-11-01' }),
      '2026-11-26',
    );
  });
});

describe('a termination stored and acknowledged', () => {
  const live = liveReceiver();

  const post = async (fields: Fields) => {
    const response = await fetch(`${live.receiver.url}${TERMINATION_RECEIVER_PATH}`, {
      method: 'POST',
      body: body(fields),
      headers: { origin: ORIGIN, accept: 'application/json' },
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      cors: response.headers.get('access-control-allow-origin'),
    };
  };

  test('201 once stored, then the acknowledgment with the effective date and the company’s notice', async () => {
    const fields = terminationFields({ reason: 'Je déménage.\r\nÀ Lyon.' });
    const answer = await post(fields);
    assert.equal(answer.status, 201);
    assert.equal(answer.cors, ORIGIN);
    assert.ok(Value.Check(terminationAnswerSchema, answer.body));
    const reference = String(answer.body.reference);
    assert.match(reference, TERMINATION_REFERENCE_PATTERN);
    assert.equal(answer.body.confirmation, true);
    const expected = terminationEffectiveDay({
      contractType: 'maintenance',
      contractStart: '2025-03-15',
      receivedDay: isoDay(new Date()),
    });
    assert.equal(answer.body.effectiveDate, expected);

    const row = (
      await live.receiver.db.execute({ sql: 'SELECT * FROM terminations WHERE reference = ?', args: [reference] })
    ).rows[0];
    assert.ok(row);
    assert.equal(row.last_name, fields.lastName);
    assert.equal(row.contract_reference, fields.contractReference);
    assert.equal(row.effective_date, expected);
    assert.equal(row.reason, 'Je déménage.\nÀ Lyon.');

    await outboxSettled(live.receiver);
    const mails = live.smtp.withReference(reference);
    assert.equal(mails.length, 2);
    const client = mails.find((mail) => mail.to && JSON.stringify(mail.to).includes(fields.email ?? ''));
    const company = mails.find((mail) => mail.to && JSON.stringify(mail.to).includes('devis@entreprise.test'));
    assert.ok(client && company);
    const clientText = client.text ?? '';
    assert.match(client.subject ?? '', /^Accusé de réception de votre résiliation R-/);
    assert.ok(clientText.includes(`Date d’effet de la résiliation\u00a0: ${formatFrenchDay(expected)}`));
    assert.ok(clientText.includes(`prend fin le ${formatFrenchDay(expected)}`));
    // The free text of the contract reference is never echoed to the address typed (it names no devis).
    assert.ok(!clientText.includes('MC-2025/014'), clientText);
    assert.ok(clientText.includes(terminationMailTexts.receivedToVerify.split(' : ')[0] ?? '-'));
    assert.ok(clientText.includes(`informé(e)`));
    assert.ok(clientText.includes(terminationEffects.maintenance[1] ?? '-'));
    // The company's mentions (R. 123-237), and never the reason the client typed.
    assert.ok(clientText.includes(site.legalName) && clientText.includes(site.rcs));
    assert.ok(!clientText.includes('Lyon'));
    assert.equal(client.headers.get('auto-submitted'), 'auto-generated');
    const companyText = company.text ?? '';
    assert.ok(companyText.includes('Je déménage.\nÀ Lyon.'));
    assert.equal(company.replyTo?.value[0]?.address, fields.email);
    assert.match(company.subject ?? '', new RegExp(`^Résiliation ${reference} – Élodie Martin-Durand`));
  });

  test('a maintenance contract without its signature date: acknowledged « au plus tôt », the team asked to confirm', async () => {
    const fields = terminationFields({ contractStart: '' });
    const answer = await post(fields);
    assert.equal(answer.status, 201);
    const expected = addMonths(isoDay(new Date()), noticeMonths);
    assert.equal(answer.body.effectiveDate, expected);
    await outboxSettled(live.receiver);
    const mails = live.smtp.withReference(String(answer.body.reference));
    const client = mails.find((mail) => JSON.stringify(mail.to).includes(fields.email ?? '-'));
    const company = mails.find((mail) => JSON.stringify(mail.to).includes('devis@entreprise.test'));
    assert.ok(client && company);
    const clientText = client.text ?? '';
    assert.ok(clientText.includes(terminationMailTexts.maintenanceEndsEarliest(formatFrenchDay(expected))), clientText);
    assert.ok(clientText.includes(`Date d’effet de la résiliation\u00a0: au plus tôt le ${formatFrenchDay(expected)}`));
    assert.match(company.subject ?? '', new RegExp(`fin au plus tôt le ${formatFrenchDay(expected)}`));
    assert.match(company.text ?? '', /date de signature non donnée, retrouvez-la et confirmez la date au client/);
  });

  test('a second identical submission stores nothing more and sends nothing more; other content is refused', async () => {
    const fields = terminationFields({ contractType: 'devis', contractStart: '' });
    const first = await post(fields);
    assert.equal(first.status, 201);
    assert.equal(first.body.effectiveDate, isoDay(new Date()));
    const again = await post(fields);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    const other = await post({ ...fields, contractReference: 'Autre référence' });
    assert.equal(other.status, 409);
    assert.equal(other.body.code, 'replay-mismatch');
    const count = await live.receiver.db.execute({
      sql: 'SELECT COUNT(*) AS n FROM terminations WHERE request_id = ?',
      args: [fields.requestId ?? ''],
    });
    assert.equal(Number(count.rows[0]?.n), 1);
    await outboxSettled(live.receiver);
    assert.equal(live.smtp.withReference(String(first.body.reference)).length, 2);
  });
});

describe('a termination naming a devis on file (someone else’s, or the client’s own)', () => {
  const live = liveReceiver();
  const client = { name: 'Marie Dupont', email: 'marie.dupont@client.test' };

  const post = async (fields: Fields) => {
    const response = await fetch(`${live.receiver.url}${TERMINATION_RECEIVER_PATH}`, {
      method: 'POST',
      body: body(fields),
      headers: { origin: ORIGIN, accept: 'application/json' },
    });
    return (await response.json()) as { reference: string; effectiveDate: string };
  };

  const devisOnFile = async () => {
    const sent = await sentDevis(live.receiver.db, new Date(), {
      client: { ...draft().client, name: client.name, email: client.email },
    });
    return sent.number;
  };

  test('a stranger’s request: the devis’s client told, « sous réserve de vérification », the team warned', async () => {
    const number = await devisOnFile();
    const lure = 'www.remboursement-azur.example/R123 appelez le 0899 000 000';
    const fields = terminationFields({
      contractType: 'devis',
      contractStart: '',
      lastName: 'Dupont',
      firstName: 'Marie',
      email: 'stranger@evil.test',
      contractReference: `${number.toLowerCase()} ${lure}`,
    });
    const answer = await post(fields);
    await outboxSettled(live.receiver);
    const mails = live.smtp.withReference(answer.reference);
    assert.equal(mails.length, 2, 'the acknowledgment and the company’s notice carry the reference');
    const to = (mail: (typeof mails)[number]) => JSON.stringify(mail.to);
    const acknowledgment = mails.find((mail) => to(mail).includes('stranger@evil.test'));
    const company = mails.find((mail) => to(mail).includes('devis@entreprise.test'));
    assert.ok(acknowledgment && company);
    const text = acknowledgment.text ?? '';
    assert.ok(text.includes(terminationMailTexts.receivedToVerify), text);
    assert.ok(text.includes(terminationMailTexts.devisEnds(formatFrenchDay(answer.effectiveDate), number)), text);
    assert.ok(!text.includes('remboursement') && !text.includes('0899'), 'no free text echoed');

    const notices = live.smtp.messages.filter((mail) => to(mail).includes(client.email));
    const notice = notices.find((mail) => mail.subject?.startsWith(terminationMailTexts.devisNotice.subject(number)));
    assert.ok(notice, 'the devis’s client is told');
    const noticeText = notice.text ?? '';
    assert.ok(noticeText.includes(terminationMailTexts.devisNotice.ifNotYou(site.phone)), noticeText);
    assert.ok(!noticeText.includes('stranger') && !noticeText.includes('remboursement'), 'nothing typed is repeated');

    const companyText = company.text ?? '';
    assert.ok(companyText.includes(`${number} (${client.name}, ${client.email})`), companyText);
    assert.ok(companyText.includes('l’adresse e-mail ne correspond pas au client du devis'), companyText);
    assert.match(company.subject ?? '', /à vérifier/);
  });

  test('the client’s own request (same name, same address): acknowledged plainly, no notice, the number echoed', async () => {
    const number = await devisOnFile();
    const fields = terminationFields({
      contractType: 'devis',
      contractStart: '',
      lastName: 'DUPONT',
      firstName: 'Marie',
      email: 'Marie.Dupont@client.test',
      contractReference: `Devis ${number}`,
    });
    const answer = await post(fields);
    await outboxSettled(live.receiver);
    const mails = live.smtp.withReference(answer.reference);
    assert.equal(mails.length, 2);
    const acknowledgment = mails.find((mail) => JSON.stringify(mail.to).toLowerCase().includes(client.email));
    const text = acknowledgment?.text ?? '';
    assert.ok(text.startsWith(`Bonjour Marie,\n\n${terminationMailTexts.received}\n`), text);
    assert.ok(!text.includes('sous réserve de vérification'), text);
    assert.ok(text.includes(`n°\u00a0${number}`), text);
    assert.ok(text.includes(terminationEffects.devis[1] ?? '-'));
    const count = await live.receiver.db.execute({
      sql: `SELECT COUNT(*) AS n FROM outbox o JOIN terminations t ON t.id = o.termination_id
            WHERE t.reference = ? AND o.kind = 'termination_devis_client'`,
      args: [answer.reference],
    });
    assert.equal(Number(count.rows[0]?.n), 0);
  });
});

describe('matching a termination to a devis (requests/termination-devis.ts)', () => {
  test('the devis number anywhere in the reference, in any case; not inside a longer code', () => {
    assert.equal(devisNumberIn('dev-2026-0006'), 'DEV-2026-0006');
    assert.equal(devisNumberIn('Devis DEV-2026-0012, 3 rue des Lilas'), 'DEV-2026-0012');
    assert.equal(devisNumberIn('MC-2025/014'), undefined);
    assert.equal(devisNumberIn('XDEV-2026-0006'), undefined);
    assert.equal(devisNumberIn('DEV-2026-00061'), 'DEV-2026-00061');
  });

  test('the name matches in any order, case or accents; the company may stand for it; the address exactly', () => {
    const devis = {
      id: 1,
      number: 'DEV-2026-0001',
      status: 'accepte' as const,
      clientName: 'Élodie Martin-Durand',
      clientEmail: 'elodie@exemple.fr',
    };
    const party = { firstName: 'elodie', lastName: 'MARTIN DURAND', company: '', email: 'Elodie@Exemple.fr' };
    assert.deepEqual(checkTermination(party, devis), { devis, nameMatches: true, emailMatches: true });
    assert.equal(checkTermination({ ...party, firstName: 'Paul' }, devis).nameMatches, false);
    assert.equal(checkTermination({ ...party, email: 'elodie+x@exemple.fr' }, devis).emailMatches, false);
    const company = { ...devis, clientName: 'SCI Les Pins' };
    assert.equal(checkTermination({ ...party, company: 'sci les pins' }, company).nameMatches, true);
    assert.equal(checkTermination(party, company).nameMatches, false);
  });
});

describe('hostile or faulty input (app.inject)', () => {
  const refusals: [string, Fields, number, string, string | undefined][] = [
    ['no last name', { lastName: ' ' }, 400, 'required', 'lastName'],
    ['a first name with digits', { firstName: 'Élodie2' }, 400, 'first-name', 'firstName'],
    ['a line break in the last name', { lastName: 'Martin\nDurand' }, 400, 'line-break', 'lastName'],
    ['an invalid e-mail', { email: 'elodie@' }, 400, 'email', 'email'],
    ['an unknown contract', { contractType: 'bail' }, 400, 'option', 'contractType'],
    [
      'an address in the reference',
      { contractReference: 'voir http://x.test' },
      400,
      'contract-reference',
      'contractReference',
    ],
    ['an @ in the reference', { contractReference: 'moi@exemple.fr' }, 400, 'contract-reference', 'contractReference'],
    ['a signature in the future', { contractStart: '2099-01-01' }, 400, 'contract-start', 'contractStart'],
    ['a day that does not exist', { contractStart: '2025-02-30' }, 400, 'date', 'contractStart'],
    ['a desired date that is not one', { desiredDate: 'demain' }, 400, 'date', 'desiredDate'],
    ['a NUL in the reason', { reason: 'motif\u0000caché' }, 400, 'control-character', 'reason'],
    ['a reason too long', { reason: 'a'.repeat(TERMINATION_MAX_LENGTHS.reason + 1) }, 400, 'too-long', 'reason'],
    ['no request id', { requestId: '' }, 400, 'request-id', 'requestId'],
  ];
  for (const [name, overrides, status, code, field] of refusals) {
    test(`${name}: ${status} ${code}, nothing stored`, async (t) => {
      const { app, db } = await build(t);
      const answer = await inject(app, body(terminationFields(overrides)));
      assert.equal(answer.status, status);
      assert.ok(Value.Check(terminationRefusalSchema, answer.body), JSON.stringify(answer.body));
      assert.equal(answer.body.code, code);
      assert.equal(answer.body.field, field);
      assert.match(String(answer.body.error), /\u00a0: /);
      const rows = await db.execute('SELECT COUNT(*) AS n FROM terminations');
      assert.equal(Number(rows.rows[0]?.n), 0);
    });
  }

  test('a file, a foreign origin, a body that is not multipart, a field sent twice: refused in French', async (t) => {
    const { app } = await build(t);
    const withFile = body(terminationFields());
    withFile.append('file', new Blob(['%PDF-1.4']), 'contrat.pdf');
    const file = await inject(app, withFile);
    assert.equal(file.status, 400);
    assert.equal(file.body.code, 'malformed');
    const foreign = await inject(app, body(terminationFields()), { origin: 'https://ailleurs.test' });
    assert.equal(foreign.status, 403);
    assert.match(String(foreign.body.error), /Résilier un contrat/);
    const json = await inject(app, JSON.stringify(terminationFields()), { 'content-type': 'application/json' });
    assert.equal(json.status, 415);
    assert.equal(json.body.code, 'not-multipart');
    const twice = body(terminationFields());
    twice.append('lastName', 'Autre');
    const duplicate = await inject(app, twice);
    assert.equal(duplicate.status, 400);
    assert.equal(duplicate.body.code, 'duplicate-field');
    for (const answer of [file, foreign, json, duplicate])
      assert.ok(Value.Check(terminationRefusalSchema, answer.body));
  });

  test('the trap field filled: a success-looking answer, kept as spam, no mail', async (t) => {
    const { app, db } = await build(t);
    const answer = await inject(app, body(terminationFields({ website: 'http://spam.test', lastName: '' })));
    assert.equal(answer.status, 201);
    assert.equal(answer.body.confirmation, false);
    const row = (await db.execute('SELECT spam, effective_date FROM terminations')).rows[0];
    assert.equal(Number(row?.spam), 1);
    assert.equal(row?.effective_date, null);
    assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM outbox')).rows[0]?.n), 0);
  });

  test('the rate limit counts terminations per client', async (t) => {
    const { app } = await build(t, { QUOTE_RATE_LIMIT: '2' });
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    assert.equal((await inject(app, body(terminationFields()), headers)).status, 201);
    assert.equal((await inject(app, body(terminationFields()), headers)).status, 201);
    const third = await inject(app, body(terminationFields()), headers);
    assert.equal(third.status, 429);
    assert.equal(third.body.code, 'rate-limited');
    assert.ok(String(third.body.error).includes(site.phone));
  });
});

describe('retention and erasure', () => {
  test(`a termination is kept ${retention.terminationProofYears} years after its effective date, then purged`, async (t) => {
    const { app, db, dataDir } = await build(t);
    const old = await inject(app, body(terminationFields({ contractType: 'devis', contractStart: '' })));
    const recent = await inject(app, body(terminationFields({ contractType: 'devis', contractStart: '' })));
    const now = new Date();
    const cutoff = addMonths(isoDay(now), -retention.terminationProofYears * 12);
    // One effective the day before the cutoff, one on it.
    const dayBefore = isoDay(new Date(Date.parse(`${cutoff}T12:00:00Z`) - 86_400_000));
    await db.execute({
      sql: 'UPDATE terminations SET effective_date = ? WHERE reference = ?',
      args: [dayBefore, String(old.body.reference)],
    });
    await db.execute({
      sql: 'UPDATE terminations SET effective_date = ? WHERE reference = ?',
      args: [cutoff, String(recent.body.reference)],
    });
    const config = loadConfig(testEnv(dataDir));
    const result = await dailyPurge(db, app.dirs, config, now);
    assert.deepEqual(
      result.terminations.map((termination) => termination.reference),
      [old.body.reference],
    );
    const left = await db.execute('SELECT reference FROM terminations');
    assert.deepEqual(
      left.rows.map((row) => row.reference),
      [recent.body.reference],
    );
    assert.equal(
      Number((await db.execute("SELECT COUNT(*) AS n FROM outbox WHERE kind LIKE 'termination%'")).rows[0]?.n),
      2,
    );
  });

  test('a maintenance contract without its signature date is kept one renewal period longer', async (t) => {
    const { app, db, dataDir } = await build(t);
    const undated = await inject(app, body(terminationFields({ contractStart: '' })));
    assert.equal(undated.status, 201);
    const now = new Date();
    const cutoff = addMonths(isoDay(now), -retention.terminationProofYears * 12);
    const dayBefore = isoDay(new Date(Date.parse(`${cutoff}T12:00:00Z`) - 86_400_000));
    await db.execute({
      sql: 'UPDATE terminations SET effective_date = ? WHERE reference = ?',
      args: [dayBefore, String(undated.body.reference)],
    });
    const config = loadConfig(testEnv(dataDir));
    assert.deepEqual((await dailyPurge(db, app.dirs, config, now)).terminations, []);
    const longer = (retention.terminationProofYears + maintenanceContract.renewalYears) * 12;
    await db.execute({
      sql: 'UPDATE terminations SET effective_date = ? WHERE reference = ?',
      args: [addMonths(dayBefore, -maintenanceContract.renewalYears * 12), String(undated.body.reference)],
    });
    const purged = await dailyPurge(db, app.dirs, config, now);
    assert.deepEqual(
      purged.terminations.map((termination) => termination.reference),
      [undated.body.reference],
      `purged ${longer} months after its earliest day`,
    );
  });

  test('receiver:erase lists a person’s terminations, keeps them as proof, erases them with --contrats', async (t) => {
    const { app, db, dataDir } = await build(t);
    const fields = terminationFields();
    const stored = await inject(app, body(fields));
    await app.close();
    const listed = await tool('erase', ['--email', fields.email ?? '', '--yes'], dataDir);
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(listed.stdout.includes(String(stored.body.reference)));
    assert.match(listed.stdout, /conservée jusqu’au/);
    assert.match(listed.stdout, /Résiliations conservées/);
    const erased = await tool('erase', ['--email', fields.email ?? '', '--yes', '--contrats'], dataDir);
    assert.equal(erased.code, 0, erased.stderr);
    assert.match(erased.stdout, /Effacé : 1 résiliation/);
    const reopened = await openDb(dataDir, 1000);
    t.after(() => reopened.close());
    assert.equal(Number((await reopened.execute('SELECT COUNT(*) AS n FROM terminations')).rows[0]?.n), 0);
    assert.equal(Number((await reopened.execute('SELECT COUNT(*) AS n FROM outbox')).rows[0]?.n), 0);
    void db;
  });
});

test('migration 11 from a real store at version 10: rows kept, a termination’s mail needs its termination', async (t) => {
  const dataDir = await tempDir();
  t.after(() => removeDir(dataDir));
  const client = createClient({ url: `file:${path.join(dataDir, DB_FILE)}` });
  await client.batch([...MIGRATIONS.slice(0, 10).flat(), 'PRAGMA user_version = 10'], 'write');
  await client.batch(
    [
      olderRequestRow({ id: 1, reference: 'D-20261124-AAAAAA', requestId: 'r-1', location: 'Antibes' }),
      `INSERT INTO outbox (request_id, kind, message_id, next_attempt_at, digest_day) VALUES
         (1, 'company', '<1.company@x>', 0, NULL), (NULL, 'digest', '<digest@x>', 0, '2026-11-25')`,
    ],
    'write',
  );
  const outboxBefore = (await client.execute('SELECT * FROM outbox ORDER BY id')).rows.map((row) => ({ ...row }));
  client.close();

  const db = await openDb(dataDir, 1000);
  t.after(() => db.close());
  assert.equal(Number((await db.execute('PRAGMA user_version')).rows[0]?.user_version), SCHEMA_VERSION);
  // Every column the rows had is unchanged; the columns added since (termination_id, later ones) are empty.
  const columns = Object.keys(outboxBefore[0] ?? {});
  const outboxAfter = (await db.execute('SELECT * FROM outbox ORDER BY id')).rows.map((row) => {
    assert.equal(row.termination_id, null);
    return Object.fromEntries(columns.map((column) => [column, row[column]]));
  });
  assert.deepEqual(outboxAfter, outboxBefore);
  await db.execute(
    `INSERT INTO terminations (id, reference, request_id, created_at, last_name, first_name, email, email_key,
       mailbox_key, contract_type, contract_reference, effective_date)
     VALUES (1, 'R-20261124-AAAAAA', 't-1', '2026-11-24T09:30:00.000Z', 'Martin', 'Élodie', 'e@exemple.fr',
       'e@exemple.fr', 'e@exemple.fr', 'devis', 'MC-1', '2026-11-24')`,
  );
  await db.execute(
    "INSERT INTO outbox (termination_id, kind, message_id, next_attempt_at) VALUES (1, 'termination_client', '<t@x>', 0)",
  );
  // A termination's mail with a request too, a request's mail without one, an unknown kind of contract: refused.
  await assert.rejects(
    db.execute(
      "INSERT INTO outbox (termination_id, request_id, kind, message_id, next_attempt_at) VALUES (1, 1, 'termination_company', '<t2@x>', 0)",
    ),
    /an outbox row is about one subject/,
  );
  await assert.rejects(
    db.execute("INSERT INTO outbox (kind, message_id, next_attempt_at) VALUES ('company', '<c2@x>', 0)"),
    /an outbox row is about one subject/,
  );
  await assert.rejects(
    db.execute(
      `INSERT INTO terminations (reference, request_id, created_at, last_name, first_name, email, email_key,
         mailbox_key, contract_type, contract_reference, effective_date)
       VALUES ('R-20261124-BBBBBB', 't-2', '2026-11-24T09:30:00.000Z', 'M', 'É', 'e@x.fr', 'e@x.fr', 'e@x.fr',
         'bail', 'MC-1', '2026-11-24')`,
    ),
    /FOREIGN KEY constraint failed/,
  );
  // Erasing the termination takes its mail with it (ON DELETE CASCADE).
  await db.execute('DELETE FROM terminations WHERE id = 1');
  assert.equal(Number((await db.execute('SELECT COUNT(*) AS n FROM outbox WHERE termination_id = 1')).rows[0]?.n), 0);
});
