import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SendMailOptions } from 'nodemailer';
import { loadConfig, type Config } from '../src/config';
import { MAIL_BUILDERS } from '../src/delivery/builders';
import { devisClientMailTexts, devisCodeRules, formatFrenchDay, NBSP, site } from '../src/facts';
import type { MailKind } from '../src/requests/mail-kinds';
import { refuseDevis, withdrawDevis } from '../src/store/devis-answers';
import { askCode, confirmCode } from '../src/store/devis-codes';
import { openDb, type Db } from '../src/store/db';
import { saveDraft } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { layout } from '../src/store/storage';
import { removeDir, storeDir, testEnv } from './helpers';
import { draft, sentDevis, type Sent } from './factories';

/**
 * The client's mails about a devis take every sentence from content/devis-client-mails.ts (the devis sent and
 * its later version, the reminder, the code, the acceptance, the refusal's and the withdrawal's
 * acknowledgments), filled with the devis's number, its version, its day: built from a real store as the
 * outbox builds them when their turn comes. What each mail adds beside them (the recap, the withdrawal's
 * sentences) is the devis tests'.
 */

const texts = devisClientMailTexts;
const t0 = new Date('2026-11-21T10:00:00.000Z');
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

let dataDir = '';
let db: Db;
let config: Config;
before(async () => {
  dataDir = await storeDir('devis-mail-texts-');
  config = loadConfig(testEnv(dataDir));
  db = await openDb(dataDir, 1000);
});
after(async () => {
  db.close();
  await removeDir(dataDir);
});

async function build(kind: MailKind, sent: Sent, version: number, now: Date, extra: Record<string, unknown> = {}) {
  const found = await db.execute({
    sql: 'SELECT id, valid_until FROM devis_versions WHERE devis_id = ? AND version = ?',
    args: [sent.devisId, version],
  });
  const row = {
    devis_version_id: Number(found.rows[0]?.id),
    reference: sent.reference,
    outbox_message_id: '<m@t>',
    ...extra,
  };
  const mail = await MAIL_BUILDERS[kind]({ db, row: row as never, config, dirs: layout(dataDir), now });
  assert.ok(mail, `${kind}: a mail`);
  return { mail, validUntil: String(found.rows[0]?.valid_until) };
}

/** The mail's text and html each hold every sentence, in that order. */
function carries(mail: SendMailOptions, sentences: string[]) {
  for (const part of [String(mail.text), String(mail.html)]) {
    let from = 0;
    for (const sentence of sentences) {
      const at = part.indexOf(sentence, from);
      assert.ok(at >= 0, `« ${sentence} » in order in:\n${part}`);
      from = at + sentence.length;
    }
  }
}

describe('the team’s mails to the client', () => {
  test('the devis sent, then its later version: content’s sentences, its number, what it replaces', async () => {
    const sent = await sentDevis(db, t0);
    const first = await build('devis_sent', sent, 1, t0, { link_secret: sent.secret });
    assert.ok(String(first.mail.subject).startsWith(texts.sent.title(sent.number, 1)));
    carries(first.mail, [
      texts.sent.first(sent.number),
      texts.link.open,
      texts.lines.devis,
      texts.lines.number(sent.number),
      texts.link.personal,
      texts.questions(site.phone),
      texts.fromTeam,
    ]);
    await saveDraft(db, sent.devisId, draft({ validityDays: 20 }), later(10));
    const second = await sendDevis(db, sent.devisId, later(11), {}, { pdf: () => sent.pdf });
    const replacing = await build('devis_sent', sent, 2, later(11), { link_secret: second.secret });
    assert.ok(String(replacing.mail.subject).startsWith(texts.sent.title(sent.number, 2)));
    assert.match(texts.sent.title(sent.number, 2), /version 2, remplace la version 1/);
    carries(replacing.mail, [texts.sent.replaces(sent.number, 2), texts.lines.number(sent.number, 2)]);
  });

  test('the reminder: its title, its last valid day', async () => {
    const sent = await sentDevis(db, t0);
    const { mail, validUntil } = await build('devis_reminder_client', sent, 1, later(60), { link_secret: sent.secret });
    assert.ok(String(mail.subject).startsWith(texts.reminder.title(sent.number)));
    const day = formatFrenchDay(validUntil);
    carries(mail, [
      texts.reminder.intro(sent.number, day),
      texts.link.open,
      texts.lines.validUntilIncluded(day),
      texts.link.personal,
      texts.reminder.questions(site.phone),
      texts.fromTeam,
    ]);
  });
});

describe('the mails of the client’s answer', () => {
  test('the code, then the accepted devis, then the withdrawal’s acknowledgment', async () => {
    const sent = await sentDevis(db, t0);
    const linked = { devisId: sent.devisId, version: 1 };
    const asked = await askCode(
      db,
      linked,
      { signerName: 'Camille Durand', earlyStart: false },
      {},
      later(1),
      config.fromEmail,
    );
    assert.ok(asked.ok);
    const code = await build('devis_code', sent, 1, later(2), { outbox_detail: String(asked.codeId) });
    assert.ok(String(code.mail.subject).startsWith(texts.code.title(sent.number)));
    carries(code.mail, [
      texts.code.code(asked.code),
      texts.code.validity(`${devisCodeRules.validMinutes}${NBSP}minutes`),
      texts.code.notYou(site.phone),
      texts.fromAnswer,
    ]);

    const checked = await confirmCode(db, linked, asked.code, asked.nonce, {}, later(3), config.fromEmail);
    assert.equal(checked.outcome, 'accepted');
    const accepted = await build('devis_accepted_client', sent, 1, later(4));
    assert.ok(String(accepted.mail.subject).startsWith(texts.accepted.title(sent.number)));
    carries(accepted.mail, [
      texts.accepted.thanks,
      texts.lines.number(sent.number, 1),
      texts.lines.acceptedOn,
      texts.lines.signerName,
      texts.lines.fingerprint,
      texts.questions(site.phone),
      texts.fromAnswer,
    ]);

    assert.ok(await withdrawDevis(db, linked, {}, later(5), config.fromEmail));
    const withdrawn = await build('devis_withdrawn_client', sent, 1, later(6));
    assert.ok(String(withdrawn.mail.subject).startsWith(texts.withdrawn.title(sent.number)));
    carries(withdrawn.mail, [texts.lines.withdrawnOn, texts.questions(site.phone), texts.fromAnswer]);
  });

  test('the refusal’s acknowledgment', async () => {
    const sent = await sentDevis(db, t0);
    assert.ok(await refuseDevis(db, { devisId: sent.devisId, version: 1 }, '', {}, later(3), config.fromEmail));
    const { mail } = await build('devis_refused_client', sent, 1, later(4));
    carries(mail, [texts.lines.devis, texts.lines.number(sent.number, 1), texts.lines.amount, texts.fromAnswer]);
  });
});
