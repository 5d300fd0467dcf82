import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  cgvVersionOn,
  devisAnswerTexts,
  devisClientLinkTexts,
  devisClientTexts,
  devisCodeCaps,
  devisCodeRules,
  devisKeepSentence,
  fillTemplate,
  formatFrenchDay,
  isoDay,
  site,
  terms,
  withdrawalAcknowledgmentTexts,
  withdrawalTexts,
  addDays,
} from '../src/facts';
import { clientState } from '../src/client/state';
import { formatCents } from '../src/requests/devis/money';
import { withdrawalEndsAt } from '../src/requests/devis/withdrawal';
import { clearExpiredCodes } from '../src/store/devis-answers';
import { askCode as storeAskCode, confirmCode } from '../src/store/devis-codes';
import { eventsOf } from '../src/store/devis-events';
import { findDevis, saveDraft } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { sha256, waitFor } from './helpers';
import {
  clientApp,
  codeOf,
  nonceOf,
  formActions,
  html,
  mainText,
  requiredAnswers,
  tokenOf,
  type ClientApp,
} from './devis-client-helpers';
import { DomUtils } from 'htmlparser2';
import { attribute, elements, firstElement } from '../../scripts/html';
import { plain, readPdf } from './pdf-text';
import { draft, goodsLines, sentDevis } from './factories';

/**
 * The client's page of a devis (receiver/src/client/), through the whole receiver (app.inject), its mails
 * caught by a real SMTP server: the page and its headers, the first view recorded, the acceptance with the
 * code read from its mail, the code's limits, the refusal, and what no answer can pass (an altered link, a
 * replaced version, an expired devis, a forged form).
 */

const texts = devisClientTexts;
const linkTexts = devisClientLinkTexts;

/** A page that shows nothing of the devis: not its number, the client's name or address, a line or an amount. */
function assertNothingOfTheDevis(body: string, number: string) {
  for (const secret of [number, 'Camille', 'Durand', 'avenue des Pins', 'circulateur', '442,75']) {
    assert.ok(!body.includes(secret), `${secret} is not shown`);
  }
}

async function requestStatus(client: ClientApp, requestId: number): Promise<string> {
  const result = await client.db.execute({ sql: 'SELECT status FROM requests WHERE id = ?', args: [requestId] });
  return String(result.rows[0]?.status);
}

/** The code page each client's browser was last sent to (its address carries the request's nonce). */
const codePages = new WeakMap<ClientApp, string>();

/** The code page a request was sent to: `${link}/code?demande=<nonce>`. */
function codePageOf(link: string, location: unknown): string {
  const page = String(location);
  assert.ok(page.startsWith(`${link}/code?demande=`), page);
  assert.match(page.slice(page.indexOf('=') + 1), /^[\w-]{22}$/);
  return page;
}

/** The nonce in a code page's address (the browser that was sent there holds it). */
function nonceOfAddress(address: string | undefined): string {
  return new URL(address ?? '', 'http://receiver.test').searchParams.get('demande') ?? '';
}

/**
 * Opens the page, asks for a code with this name, and returns the code read from its mail; the browser
 * keeps the code page it was sent to (typeCode types there).
 */
async function askCode(
  client: ClientApp,
  link: string,
  name = 'Camille Durand',
  count = 1,
  extra: Record<string, string> = {},
): Promise<string> {
  const page = html(await client.get(link));
  const asked = await client.post(`${link}/accepter`, {
    _csrf: tokenOf(page),
    nom: name,
    ...requiredAnswers(page),
    ...extra,
  });
  assert.equal(asked.statusCode, 303, asked.body);
  codePages.set(client, codePageOf(link, asked.headers.location));
  await client.app.outbox.wake();
  return waitFor('the code mail', () => codeOf(client.smtp, count));
}

/** Types a code on the code page the browser was last sent to, as its form posts it (token and nonce). */
async function typeCode(client: ClientApp, link: string, code: string) {
  const page = await client.get(codePages.get(client) ?? `${link}/code`);
  return client.post(`${link}/code`, { _csrf: tokenOf(html(page)), demande: nonceOf(html(page)), code });
}

describe('the page of a sent devis', () => {
  test('shows the devis from its frozen content, its PDF, its state; no-store, noindex, a strict CSP; the first view makes it « Vu »', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const response = await client.get(sent.link);
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['x-robots-tag'], 'noindex, nofollow');
    assert.equal(response.headers['referrer-policy'], 'no-referrer');
    assert.equal(response.headers['x-frame-options'], 'DENY');
    const csp = String(response.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /script-src|unsafe-inline/);

    const doc = html(response);
    const text = mainText(doc);
    assert.match(text, new RegExp(`Devis n°\\s${sent.number}, version 1`));
    assert.match(text, new RegExp(texts.states.awaiting));
    assert.match(text, /Remplacement du circulateur/);
    // 320 + 1,5 × 55 = 402,50 HT; 10 % VAT 40,25; 442,75 TTC.
    assert.ok(text.includes('402,50\u00a0€'));
    assert.ok(text.includes('40,25\u00a0€'));
    assert.ok(text.includes('442,75\u00a0€'));
    assert.ok(text.includes(withdrawalTexts.rightFromConclusion), 'the withdrawal information');
    assert.ok(text.includes(withdrawalTexts.earlyStartBox), 'the early-start box, at a distance for a consumer');
    assert.deepEqual(formActions(doc), [`${sent.link}/accepter`, `${sent.link}/refuser`]);
    assert.match(response.body, /<meta name="robots" content="noindex, nofollow"\/>/);
    assert.doesNotMatch(response.body, /<script/);
    assert.ok(Buffer.byteLength(response.body) < 60_000, 'a light page');

    const pdf = await client.get(`${sent.link}/pdf`);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.headers['cache-control'], 'no-store');
    assert.equal(sha256(pdf.rawPayload), sha256(sent.pdf), 'the PDF stored at sending, byte for byte');

    const events = await eventsOf(client.db, sent.devisId);
    assert.deepEqual(
      events.map((event) => event.kind),
      ['sent', 'opened'],
    );
    assert.equal(events[1]?.userAgent, 'Navigateur de test');
    assert.equal(events[1]?.ip, '127.0.0.1');
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu');
    await client.get(sent.link);
    assert.equal((await eventsOf(client.db, sent.devisId)).length, 2, 'only the first view is recorded');
  });

  test('an unknown or altered link answers 404 with the same French page and no hint', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const last = sent.secret.at(-1) === 'A' ? 'B' : 'A';
    const altered = `${sent.link.slice(0, -1)}${last}`;
    const pages = await Promise.all([
      client.get(altered),
      client.get(`${altered}/pdf`),
      client.get(`${sent.link}x`),
      client.get('/votre-devis/court'),
      client.get(`${sent.link}/inconnu`),
    ]);
    for (const page of pages) {
      assert.equal(page.statusCode, 404);
      assert.equal(page.headers['cache-control'], 'no-store');
      assert.ok(mainText(html(page)).includes(texts.notFound));
      assert.equal(page.body, pages[0]?.body, 'the same page whatever the reason');
    }
    const posted = await client.post(`${altered}/accepter`, { nom: 'X', accord: 'oui' });
    assert.equal(posted.statusCode, 404);
    assert.deepEqual(
      (await eventsOf(client.db, sent.devisId)).map((event) => event.kind),
      ['sent'],
    );
  });
});

describe('the withdrawal texts on the page', () => {
  test('what an early start costs, wherever the right applies; with goods, no circular « fin du délai »', async (t) => {
    const client = await clientApp(t);
    const services = mainText(html(await client.get((await sentDevis(client.db, client.clock.now)).link)));
    assert.ok(services.includes(withdrawalTexts.earlyStartCost));
    assert.ok(services.includes(withdrawalTexts.noEarlyStart));
    const goods = mainText(html(await client.get((await sentDevis(client.db, client.clock.now, goodsLines)).link)));
    assert.ok(goods.includes(withdrawalTexts.earlyStartCost));
    assert.ok(goods.includes(withdrawalTexts.noEarlyStartGoods));
    assert.ok(!goods.includes(withdrawalTexts.noEarlyStart));
    const premises = mainText(
      html(await client.get((await sentDevis(client.db, client.clock.now, { way: 'etablissement' })).link)),
    );
    assert.ok(!premises.includes(withdrawalTexts.earlyStartCost));
  });
});

describe('accepting with a code', () => {
  test('name, « Bon pour accord », early start, the code from the mail: accepted, and both sides get the PDF and the proof', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const page = html(await client.get(sent.link));
    const asked = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(page),
      nom: '  Camille   Durand ',
      ...requiredAnswers(page),
      debut_anticipe: 'oui',
    });
    assert.equal(asked.statusCode, 303);
    const codePageAddress = codePageOf(sent.link, asked.headers.location);
    const code = await waitFor('the code mail', () => codeOf(client.smtp, 1));
    const codeMail = client.smtp.messages[0];
    assert.equal(codeMail?.to && 'text' in codeMail.to ? codeMail.to.text : '', 'camille.durand@example.fr');
    // What the code will confirm, as facts under their labels: the name typed and the early-start choice.
    const recap = devisAnswerTexts.recap;
    assert.ok(codeMail?.text?.includes(devisAnswerTexts.codeConfirms));
    assert.match(codeMail?.text ?? '', new RegExp(`${recap.name}\\s*:\\s*Camille Durand\\n`));
    assert.match(codeMail?.text ?? '', new RegExp(`${recap.earlyStart}\\s*:\\s*${recap.asked}\\n`));

    const codePage = await client.get(codePageAddress);
    assert.ok(mainText(html(codePage)).includes(texts.codeSent));
    const confirmed = await client.post(`${sent.link}/code`, {
      _csrf: tokenOf(html(codePage)),
      demande: nonceOf(html(codePage)),
      code,
    });
    assert.equal(confirmed.statusCode, 303);
    assert.equal(confirmed.headers.location, sent.link);

    const after = await client.get(sent.link);
    assert.ok(mainText(html(after)).includes(texts.states.accepted));
    assert.deepEqual(formActions(html(after)), [`${sent.link}/retracter`], 'no answer any more; a withdrawal');
    const devis = await findDevis(client.db, sent.devisId);
    assert.equal(devis?.status, 'accepte');
    assert.ok(devis?.retainUntil, 'kept ten years: 442,75 € TTC is over the threshold');
    assert.equal(await requestStatus(client, sent.requestId), 'acceptee');
    const events = await eventsOf(client.db, sent.devisId);
    assert.deepEqual(
      events.map((event) => event.kind),
      ['sent', 'opened', 'code_sent', 'code_confirmed', 'accepted'],
    );
    const detail = JSON.parse(events[4]?.detail ?? '') as Record<string, unknown>;
    assert.equal(detail.signerName, 'Camille Durand');
    assert.equal(detail.earlyStart, true);

    const [toClient, toCompany] = await Promise.all(
      ['camille.durand@example.fr', 'devis@entreprise.test'].map((address) =>
        waitFor(`the acceptance mail to ${address}`, () =>
          client.smtp.messages.find(
            (mail) => mail.subject?.includes('accepté') && mail.to && 'text' in mail.to && mail.to.text === address,
          ),
        ),
      ),
    );
    for (const mail of [toClient!, toCompany!]) {
      const names = mail.attachments.map((attachment) => attachment.filename);
      // Beside them, the CGV of the devis's date (devis-attachments.test.ts reads them back).
      const cgv = `cgv-${cgvVersionOn(isoDay(new Date(sent.content.issuedAt))).date}.pdf`;
      assert.deepEqual(names, [`devis-${sent.number}-v1.pdf`, `preuve-acceptation-${sent.number}-v1.pdf`, cgv]);
      assert.equal(sha256(mail.attachments[0]!.content), sha256(sent.pdf), 'the devis stored at sending');
      const proof = await readPdf(new Uint8Array(mail.attachments[1]!.content));
      assert.ok(proof.text.includes('Camille Durand'));
      const hash = sha256(sent.pdf);
      assert.ok(proof.text.replace(/\s/g, '').includes(hash), 'the SHA-256 of the accepted PDF');
      for (const label of ['Envoyé', 'Ouvert', 'Code envoyé', 'Code confirmé', 'Accepté']) {
        assert.ok(proof.text.includes(label), label);
      }
      assert.ok(proof.text.includes('Navigateur de test'));
      // The proof stored at the acceptance, byte for byte: the mails attach it, never a new drawing.
      const stored = await client.db.execute({
        sql: 'SELECT pdf_sha256 FROM devis_proofs WHERE devis_id = ? AND version = 1',
        args: [sent.devisId],
      });
      assert.equal(sha256(mail.attachments[1]!.content), String(stored.rows[0]?.pdf_sha256), 'the stored proof');
    }
    assert.ok(toClient!.text?.includes(withdrawalTexts.earlyStartBox), 'the early start asked, in the client’s words');
    // Asked: « Sans demande expresse… » no longer describes the contract; what a withdrawal then costs does.
    assert.ok(!toClient!.text?.includes(withdrawalTexts.noEarlyStart), 'no « sans demande expresse »');
    assert.ok(toClient!.text?.includes(withdrawalTexts.earlyStartCost));
    assert.ok(toClient!.text?.includes('Empreinte numérique du devis (permet de vérifier qu’il n’a pas été modifié)'));
    assert.ok(
      toClient!.text?.includes(devisKeepSentence(site.email)),
      'kept until performed, then ten years, a copy on request',
    );
    assert.ok(toClient!.text?.includes('Formulaire de rétractation'), 'the model form');
    assert.match(toClient!.text ?? '', /Vous pouvez vous rétracter jusqu’au \d{1,2}(er)?\s\S+\s\d{4} inclus/);
    assert.equal(toCompany!.replyTo?.text, 'camille.durand@example.fr');
  });

  test('at the company’s premises: no early-start box, no withdrawal form in the mail', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now, { way: 'etablissement' });
    const page = await client.get(sent.link);
    assert.ok(!mainText(html(page)).includes(withdrawalTexts.earlyStartBox));
    assert.ok(mainText(html(page)).includes(withdrawalTexts.noneAtPremises));
    // A ticked box the page never offered is not recorded.
    const code = await askCode(client, sent.link, 'Camille Durand', 1, { debut_anticipe: 'oui' });
    await typeCode(client, sent.link, code);
    const events = await eventsOf(client.db, sent.devisId);
    const detail = JSON.parse(events.at(-1)?.detail ?? '') as { earlyStart: boolean; boxes: { id: string }[] };
    assert.equal(detail.earlyStart, false);
    assert.ok(!detail.boxes.some((box) => box.id === 'debut-anticipe'), 'no early-start box recorded');
    const mail = await waitFor('the acceptance mail', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Votre devis')),
    );
    assert.ok(!mail.text?.includes('Formulaire de rétractation'));
    assert.ok(mail.text?.includes(withdrawalTexts.noneAtPremises));
  });

  test('no early start asked: the mail keeps « sans demande expresse »; a professional’s, no keeping sentence', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    await typeCode(client, sent.link, await askCode(client, sent.link));
    const mail = await waitFor('the acceptance mail', () =>
      client.smtp.messages.find((message) => message.subject?.includes('est accepté')),
    );
    assert.ok(mail.text?.includes(withdrawalTexts.noEarlyStart));
    assert.ok(mail.text?.includes(devisKeepSentence(site.email)));

    const pro = await sentDevis(client.db, client.clock.now, {
      client: { ...draft().client, email: 'pro@example.fr', kind: 'professional', siren: '732829320' },
      professional: { employees: 20, withinMainActivity: true },
    });
    await typeCode(client, pro.link, await askCode(client, pro.link, 'Camille Durand', 2));
    const proMail = await waitFor('the professional’s acceptance mail', () =>
      client.smtp.messages.find(
        (message) =>
          message.subject?.includes(`${pro.number} est accepté`) &&
          message.to &&
          'text' in message.to &&
          message.to.text === 'pro@example.fr',
      ),
    );
    assert.ok(proMail.text?.includes(withdrawalTexts.noneProfessional));
    assert.ok(!proMail.text?.includes(devisKeepSentence(site.email)));
  });

  test('the name and « Bon pour accord » are required, in French, the form kept', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));
    const response = await client.post(`${sent.link}/accepter`, { _csrf: token, nom: '   ' });
    assert.equal(response.statusCode, 400);
    const text = mainText(html(response));
    assert.ok(text.includes(texts.errors.name));
    assert.ok(text.includes(texts.errors.agreement));
    assert.equal(client.smtp.messages.length, 0);
  });

  test('five wrong codes kill the code: the right one is refused after them, and a new one works', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const code = await askCode(client, sent.link);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= devisCodeRules.maxAttempts; attempt += 1) {
      const response = await typeCode(client, sent.link, wrong);
      assert.equal(response.statusCode, 400);
      const text = mainText(html(response));
      if (attempt < devisCodeRules.maxAttempts) {
        assert.ok(text.includes(`${texts.errors.triesLeft} ${devisCodeRules.maxAttempts - attempt}.`), text);
      } else {
        assert.ok(text.includes(texts.errors.deadCode), text);
      }
    }
    // The browser posts again from its page, with its request's nonce: the code is dead all the same.
    const late = await client.post(`${sent.link}/code`, {
      _csrf: tokenOf(html(await client.get(sent.link))),
      demande: nonceOfAddress(codePages.get(client)),
      code,
    });
    assert.equal(late.statusCode, 400);
    assert.ok(mainText(html(late)).includes(texts.errors.deadCode));
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu');
    const stored = await client.db.execute('SELECT code FROM devis_codes');
    assert.equal(stored.rows[0]?.code, null, 'a dead code is no longer kept in clear');

    const second = await askCode(client, sent.link, 'Camille Durand', 2);
    assert.equal((await typeCode(client, sent.link, second)).statusCode, 303);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'accepte');
  });

  test('a code lasts 15 minutes; a new code kills the previous one; codes per hour are limited', async (t) => {
    const start = new Date();
    const client = await clientApp(t, start);
    const sent = await sentDevis(client.db, start);
    const first = await askCode(client, sent.link);
    client.clock.now = new Date(start.getTime() + (devisCodeRules.validMinutes * 60 + 1) * 1000);
    const codePage = await client.get(codePages.get(client) ?? '');
    assert.ok(mainText(html(codePage)).includes(texts.errors.deadCode), 'the code page says so');
    assert.deepEqual(formActions(html(codePage)), [], 'and offers no field any more');
    const expired = await client.post(`${sent.link}/code`, {
      _csrf: tokenOf(html(await client.get(sent.link))),
      demande: nonceOfAddress(codePages.get(client)),
      code: first,
    });
    assert.equal(expired.statusCode, 400);
    assert.ok(mainText(html(expired)).includes(texts.errors.deadCode));

    const second = await askCode(client, sent.link, 'Camille Durand', 2);
    // The third code asked waits its turn (devisCodeCaps.waitMinutes), and so on: the clock moves past each wait.
    const afterWait = (codes: number) => {
      const waits = devisCodeCaps.waitMinutes;
      client.clock.now = new Date(
        client.clock.now.getTime() + (waits[Math.min(codes, waits.length - 1)] ?? 0) * 60_000,
      );
    };
    afterWait(2);
    const third = await askCode(client, sent.link, 'Camille Durand', 3);
    const refusedOld = await typeCode(client, sent.link, second === third ? '999999' : second);
    assert.equal(refusedOld.statusCode, 400, 'the previous code is dead once a new one is asked');
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu');

    for (let count = 4; count <= devisCodeRules.perHour; count += 1) {
      afterWait(count - 1);
      await askCode(client, sent.link, 'Camille', count);
    }
    afterWait(devisCodeRules.perHour);
    const form = html(await client.get(sent.link));
    const tooMany = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(form),
      nom: 'Camille',
      ...requiredAnswers(form),
    });
    assert.equal(tooMany.statusCode, 429);
    assert.ok(mainText(html(tooMany)).includes(texts.errors.tooManyCodes));
    const codes = await client.db.execute('SELECT COUNT(*) AS n FROM devis_codes');
    assert.equal(Number(codes.rows[0]?.n), devisCodeRules.perHour);

    // The live code is kept in clear only until the relay took its mail (then its row keeps the hash alone).
    const clear = async () =>
      Number((await client.db.execute('SELECT COUNT(*) AS n FROM devis_codes WHERE code IS NOT NULL')).rows[0]?.n);
    await waitFor('the last code mail recorded as sent', async () => {
      const pending = await client.db.execute("SELECT 1 FROM outbox WHERE kind = 'devis_code' AND status = 'pending'");
      return pending.rows.length === 0 || undefined;
    });
    assert.equal(await clear(), 0, 'no plain code once its mail left');
    // A code whose mail never left (the relay down) is cleared past its time by the daily purge's step.
    await client.db.execute("UPDATE devis_codes SET code = '123456' WHERE id = (SELECT max(id) FROM devis_codes)");
    assert.equal(await clear(), 1);
    await clearExpiredCodes(client.db, new Date(client.clock.now.getTime() + devisCodeRules.validMinutes * 60_000));
    assert.equal(await clear(), 0);
  });
});

describe('the code bound to its request (two holders of the link)', () => {
  /** One browser: its own user agent, the code page its request was sent to. */
  async function holderAsks(client: ClientApp, link: string, browser: string, fields: Record<string, string>) {
    const headers = { 'user-agent': browser };
    const page = await client.get(link, headers);
    const asked = await client.post(
      `${link}/accepter`,
      { _csrf: tokenOf(html(page)), ...requiredAnswers(html(page)), ...fields },
      headers,
    );
    assert.equal(asked.statusCode, 303, asked.body);
    const codePage = codePageOf(link, asked.headers.location);
    return {
      headers,
      codePage,
      /** Types `code` on this browser's code page, with its token and nonce. */
      async type(code: string) {
        const doc = html(await client.get(codePage, headers));
        return client.post(`${link}/code`, { _csrf: tokenOf(doc), demande: nonceOf(doc), code }, headers);
      },
    };
  }

  test('another holder’s request cannot have its answers signed by the client’s code: the client’s own answers are the ones signed', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const marie = await holderAsks(client, sent.link, 'ClientBrowser', { nom: 'Marie Dupont' });
    await client.app.outbox.wake();
    const first = await waitFor('the first code mail', () => codeOf(client.smtp, 1));
    // A second holder of the link asks with their name and an early start: a second code goes to the client.
    const other = await holderAsks(client, sent.link, 'OtherHolder', { nom: 'Jean Autre', debut_anticipe: 'oui' });
    await client.app.outbox.wake();
    const second = await waitFor('the second code mail', () => codeOf(client.smtp, 2));
    // The second code mail says what it would confirm: not the client's name.
    const secondMail = client.smtp.messages.filter((mail) => mail.subject?.startsWith('Votre code pour accepter'))[1];
    assert.ok(
      plain(secondMail?.text ?? '').includes(`${plain(devisAnswerTexts.recap.name)} : Jean Autre`),
      'the mail says',
    );

    // The client's page says her request was replaced, and offers no field; neither code confirms her request.
    const replaced = await client.get(marie.codePage, marie.headers);
    assert.ok(mainText(html(replaced)).includes(devisAnswerTexts.replaced), 'the replacement is said');
    assert.deepEqual(formActions(html(replaced)), []);
    for (const code of [second, first]) {
      const response = await client.post(
        `${sent.link}/code`,
        {
          _csrf: tokenOf(html(await client.get(sent.link, marie.headers))),
          demande: nonceOfAddress(marie.codePage),
          code,
        },
        marie.headers,
      );
      assert.equal(response.statusCode, 400);
      assert.ok(mainText(html(response)).includes(devisAnswerTexts.replaced), 'refused as replaced');
    }
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu', 'nothing signed');
    // The other holder's page has the recap of their own request; without the client's mailbox, no code.
    assert.ok(mainText(html(await client.get(other.codePage, other.headers))).includes('Jean Autre'));
    assert.equal((await other.type(first)).statusCode, 400);

    // The client asks again (once the wait is over) and confirms: her own answers are the ones signed.
    client.clock.now = new Date(client.clock.now.getTime() + 60 * 60_000);
    const again = await holderAsks(client, sent.link, 'ClientBrowser', { nom: 'Marie Dupont' });
    await client.app.outbox.wake();
    const third = await waitFor('the third code mail', () => codeOf(client.smtp, 3));
    assert.equal((await again.type(third)).statusCode, 303);
    const events = await eventsOf(client.db, sent.devisId);
    const accepted = events.find((event) => event.kind === 'accepted');
    // What the client's own request typed and ticked (acceptance-form.ts records the whole form).
    const detail = JSON.parse(accepted?.detail ?? '') as { signerName: string; earlyStart: boolean };
    assert.equal(detail.signerName, 'Marie Dupont');
    assert.equal(detail.earlyStart, false);
    assert.equal(accepted?.userAgent, 'ClientBrowser');
  });

  test('the code page recaps what the code will sign, with a link back to change it, before the confirming button', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const holder = await holderAsks(client, sent.link, 'ClientBrowser', {
      nom: 'Camille Durand',
      debut_anticipe: 'oui',
    });
    const doc = html(await client.get(holder.codePage, holder.headers));
    const recap = devisAnswerTexts.recap;
    assert.ok(mainText(doc).includes(recap.title), 'the recap');
    // Each term of the recap and what it says.
    const terms = new Map(
      elements(doc, (element) => element.name === 'dt').map((dt) => {
        const dd = DomUtils.nextElementSibling(dt);
        return [DomUtils.textContent(dt), dd ? DomUtils.textContent(dd) : ''];
      }),
    );
    assert.equal(plain(terms.get(recap.devis) ?? ''), plain(`n° ${sent.number}, ${recap.version} 1`));
    assert.equal(plain(terms.get(recap.total) ?? ''), plain(`${formatCents(sent.content.totals.ttcCents)} TTC`));
    assert.equal(terms.get(recap.name), 'Camille Durand');
    assert.equal(terms.get(recap.earlyStart), recap.asked);
    const links = elements(doc, (element) => element.name === 'a' && DomUtils.textContent(element) === recap.edit);
    assert.deepEqual(
      links.map((a) => attribute(a, 'href')),
      [`${sent.link}#reponse`],
      'the link back to the devis',
    );
    const button = firstElement(doc, (element) => element.name === 'button');
    assert.equal(button && DomUtils.textContent(button), texts.confirm, 'the confirming button’s words');
  });
});

describe('the caps of a version (time as a parameter)', () => {
  const FROM = 'no-reply@entreprise.test';
  const ASKER = { ip: '198.51.100.1', userAgent: 'Navigateur' };
  const detail = { signerName: 'Camille Durand', earlyStart: false };

  test('growing waits between codes, a cap on codes over the version’s life, the team told once', async (t) => {
    const start = new Date('2026-11-24T09:00:00.000Z');
    const client = await clientApp(t, start);
    const sent = await sentDevis(client.db, start);
    const linked = { devisId: sent.devisId, version: sent.version };
    let now = start;
    let lastNonce = '';
    for (let codes = 0; codes < devisCodeCaps.codesPerVersion; codes += 1) {
      const wait = devisCodeCaps.waitMinutes[Math.min(codes, devisCodeCaps.waitMinutes.length - 1)] ?? 0;
      if (wait > 0) {
        // A minute before the wait is over: refused, and told how long is left.
        const early = new Date(now.getTime() + (wait - 1) * 60_000);
        assert.deepEqual(await storeAskCode(client.db, linked, detail, ASKER, early, FROM), {
          ok: false,
          reason: 'wait',
          minutes: 1,
        });
      }
      // Past the wait (and the hour's limit: an hour apart once the waits allow it, as a flood would have to be).
      now = new Date(now.getTime() + Math.max(wait, codes >= devisCodeRules.perHour - 1 ? 60 : 0) * 60_000);
      const asked = await storeAskCode(client.db, linked, detail, ASKER, now, FROM);
      assert.ok(asked.ok, `code ${codes + 1}`);
      lastNonce = asked.nonce;
    }
    // The last code allowed can still be typed on its page.
    client.clock.now = now;
    const lastPage = html(await client.get(`${sent.link}/code?demande=${lastNonce}`));
    assert.deepEqual(formActions(lastPage), [`${sent.link}/code`], 'the last code’s field is still there');
    const later = new Date(now.getTime() + 24 * 3_600_000);
    for (let again = 0; again < 2; again += 1) {
      assert.deepEqual(await storeAskCode(client.db, linked, detail, ASKER, later, FROM), {
        ok: false,
        reason: 'frozen',
      });
    }
    const told = await client.db.execute("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'devis_codes_capped'");
    assert.equal(Number(told.rows[0]?.n), 1, 'the team told once');
    await client.app.outbox.wake();
    const mail = await waitFor('the team’s notice', () =>
      client.smtp.messages.find((message) =>
        plain(message.subject ?? '').includes(plain(devisAnswerTexts.cappedMail.title)),
      ),
    );
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'devis@entreprise.test');
    assert.ok(plain(mail.text ?? '').includes(plain(devisAnswerTexts.cappedMail.body)));

    // The client's page says so, with whom to call.
    client.clock.now = later;
    const form = html(await client.get(sent.link));
    const refused = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(form),
      nom: 'Camille',
      ...requiredAnswers(form),
    });
    assert.equal(refused.statusCode, 429);
    assert.ok(plain(mainText(html(refused))).includes(plain(`${devisAnswerTexts.frozen} ${site.phone}.`)));
  });

  test('the page says how long to wait before the next code', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    await askCode(client, sent.link);
    await askCode(client, sent.link, 'Camille Durand', 2);
    const form = html(await client.get(sent.link));
    const third = await client.post(`${sent.link}/accepter`, {
      _csrf: tokenOf(form),
      nom: 'Camille',
      ...requiredAnswers(form),
    });
    assert.equal(third.statusCode, 429);
    const minutes = devisCodeCaps.waitMinutes[2];
    const unit = minutes === 1 ? devisAnswerTexts.minute : devisAnswerTexts.minutes;
    assert.ok(plain(mainText(html(third))).includes(plain(`${devisAnswerTexts.waitBefore} ${minutes} ${unit}.`)));
  });

  test('a cap on wrong codes over the version’s life, all its codes together: then even the right code is refused', async (t) => {
    const start = new Date('2026-11-24T09:00:00.000Z');
    const client = await clientApp(t, start);
    const sent = await sentDevis(client.db, start);
    const linked = { devisId: sent.devisId, version: sent.version };
    let now = start;
    let wrong = 0;
    let last: Extract<Awaited<ReturnType<typeof storeAskCode>>, { ok: true }> | undefined;
    while (wrong < devisCodeCaps.wrongPerVersion) {
      now = new Date(now.getTime() + 2 * 3_600_000);
      const asked = await storeAskCode(client.db, linked, detail, ASKER, now, FROM);
      assert.ok(asked.ok);
      last = asked;
      const bad = asked.code === '000000' ? '111111' : '000000';
      for (let tries = 1; tries < devisCodeRules.maxAttempts && wrong < devisCodeCaps.wrongPerVersion; tries += 1) {
        const checked = await confirmCode(client.db, linked, bad, asked.nonce, ASKER, now, FROM);
        wrong += 1;
        assert.deepEqual(
          checked.outcome,
          wrong < devisCodeCaps.wrongPerVersion ? 'wrong' : 'frozen',
          `wrong code ${wrong}`,
        );
      }
    }
    assert.ok(last);
    assert.deepEqual(await confirmCode(client.db, linked, last.code, last.nonce, ASKER, now, FROM), {
      outcome: 'frozen',
    });
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'envoye');
    const told = await client.db.execute("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'devis_codes_capped'");
    assert.equal(Number(told.rows[0]?.n), 1, 'the team told once');
  });

  test('one count per address across the client’s forms', async (t) => {
    const client = await clientApp(t, new Date(), { env: { QUOTE_RATE_LIMIT: '3' } });
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));
    const statuses = [];
    for (const path of ['code', 'code', 'refuser', 'refuser']) {
      const response = await client.post(`${sent.link}/${path}`, {
        _csrf: token,
        code: '000000',
        motif: 'x'.repeat(2000),
      });
      statuses.push(response.statusCode);
    }
    assert.deepEqual(statuses, [400, 400, 400, 429], 'the fourth form of the hour, whichever, is refused');
  });
});

describe('refusing', () => {
  test('with a hostile reason: « Refusé », the request « Refusée », the company told, the text inert', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const reason = '<script>alert(1)</script> Trop cher\u202e\u0007 pour nous';
    const token = tokenOf(html(await client.get(sent.link)));
    const response = await client.post(`${sent.link}/refuser`, { _csrf: token, motif: reason });
    assert.equal(response.statusCode, 303);
    const after = await client.get(sent.link);
    assert.ok(mainText(html(after)).includes(texts.states.refused));
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'refuse');
    assert.equal(await requestStatus(client, sent.requestId), 'refusee');
    const events = await eventsOf(client.db, sent.devisId);
    assert.equal(events.at(-1)?.kind, 'refused');
    assert.equal(events.at(-1)?.detail, '<script>alert(1)</script> Trop cher pour nous');
    const mail = await waitFor('the refusal mail', () =>
      client.smtp.messages.find((message) => message.subject?.includes('refusé')),
    );
    assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'devis@entreprise.test');
    assert.ok(mail.text?.includes('<script>alert(1)</script> Trop cher pour nous'));
    assert.doesNotMatch(String(mail.html), /<script>/);
    assert.match(String(mail.html), /&#60;script&#62;/);

    // The client is told, whoever refused with the link: what was refused and whom to contact; never the reason.
    const refusedMail = devisAnswerTexts.refusedMail;
    const acknowledgment = await waitFor('the refusal’s acknowledgment', () =>
      client.smtp.messages.find((message) =>
        plain(message.subject ?? '').startsWith(plain(`${refusedMail.title} ${sent.number}`)),
      ),
    );
    assert.equal(acknowledgment.to && 'text' in acknowledgment.to ? acknowledgment.to.text : '', draft().client.email);
    const text = plain(acknowledgment.text ?? '');
    assert.ok(text.includes(plain(refusedMail.intro)), 'what happened');
    assert.ok(text.includes(plain(`${refusedMail.notYou} ${site.phone}.`)), 'whom to contact if it was not them');
    assert.ok(text.includes(sent.number), 'which devis');
    assert.ok(!text.includes('Trop cher'), 'no text of the refuser’s choosing');
  });

  test('a hostile name is inert on the company’s mail and on the proof', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const code = await askCode(client, sent.link, '<img src=x onerror=alert(1)> Ève');
    await typeCode(client, sent.link, code);
    const mail = await waitFor('the company’s acceptance mail', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Devis n°')),
    );
    assert.doesNotMatch(String(mail.html), /<img/);
    assert.ok(mail.text?.includes('<img src=x onerror=alert(1)> Ève'));
    const proof = await readPdf(new Uint8Array(mail.attachments[1]!.content));
    assert.ok(proof.text.includes('<img src=x onerror=alert(1)> Ève'));
  });
});

describe('what no answer passes', () => {
  test('a replaced version says only that it was replaced: no content, no name, no address, no PDF; no answer', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));
    assert.equal((await client.get(`${sent.link}/pdf`)).statusCode, 200, 'served while current');
    await saveDraft(client.db, sent.devisId, draft({ validityDays: 20 }), client.clock.now);
    await sendDevis(client.db, sent.devisId, client.clock.now);
    const page = await client.get(sent.link);
    assert.equal(page.statusCode, 410);
    assert.equal(page.headers['cache-control'], 'no-store');
    const text = mainText(html(page));
    assert.ok(text.includes(linkTexts.replaced), text);
    assertNothingOfTheDevis(page.body, sent.number);
    assert.deepEqual(formActions(html(page)), []);
    const pdf = await client.get(`${sent.link}/pdf`);
    assert.equal(pdf.statusCode, 410);
    assert.match(String(pdf.headers['content-type']), /^text\/html/);
    assertNothingOfTheDevis(pdf.body, sent.number);
    const posted = await client.post(`${sent.link}/accepter`, { _csrf: token, nom: 'Camille', accord: 'oui' });
    assert.equal(posted.statusCode, 410);
    const refused = await client.post(`${sent.link}/refuser`, { _csrf: token });
    assert.equal(refused.statusCode, 410);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'envoye');
    assert.equal((await client.db.execute('SELECT COUNT(*) AS n FROM devis_codes')).rows[0]?.n, 0);
  });

  test('a form over its size limit is told it is too large, not that it expired', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));
    const refused = await client.post(`${sent.link}/refuser`, { _csrf: token, motif: 'x'.repeat(17 * 1024) });
    assert.equal(refused.statusCode, 413);
    assert.equal(refused.body, linkTexts.formTooLarge);
    assert.doesNotMatch(refused.body, /expiré/);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu', 'opened, not refused');
  });

  test('after its last valid day (Paris), the devis is « Expiré » and takes no answer', async (t) => {
    const start = new Date('2026-11-20T10:00:00Z');
    const client = await clientApp(t, start);
    const sent = await sentDevis(client.db, start, { validityDays: 30 });
    assert.equal(sent.validUntil, '2026-12-20');
    // 20 December, 23 h 59 in Paris: still valid.
    client.clock.now = new Date('2026-12-20T22:59:00Z');
    assert.ok(mainText(html(await client.get(sent.link))).includes(texts.states.awaiting));
    const token = tokenOf(html(await client.get(sent.link)));
    // Midnight in Paris: expired.
    client.clock.now = new Date('2026-12-20T23:00:00Z');
    const page = await client.get(sent.link);
    assert.ok(mainText(html(page)).includes(texts.expiredIntro));
    assert.deepEqual(formActions(html(page)), []);
    const refused = await client.post(`${sent.link}/refuser`, { _csrf: token });
    assert.equal(refused.statusCode, 303);
    assert.notEqual((await findDevis(client.db, sent.devisId))?.status, 'refuse');
  });

  test('a form without our token, or from another site, is refused', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));
    const other = await sentDevis(client.db, client.clock.now);
    const cases = [
      client.post(`${sent.link}/refuser`, {}),
      client.post(`${sent.link}/refuser`, { _csrf: `${token}x` }),
      client.post(`${sent.link}/refuser`, { _csrf: tokenOf(html(await client.get(other.link))) }),
      client.post(`${sent.link}/refuser`, { _csrf: token }, { origin: 'https://pirate.example' }),
      client.post(`${sent.link}/refuser`, { _csrf: token }, { origin: 'null', 'sec-fetch-site': 'cross-site' }),
    ];
    for (const response of await Promise.all(cases)) {
      assert.equal(response.statusCode, 403);
      assert.equal(response.body, texts.errors.expiredForm);
    }
    // The token lasts two hours.
    client.clock.now = new Date(client.clock.now.getTime() + 3 * 3_600_000);
    assert.equal((await client.post(`${sent.link}/refuser`, { _csrf: token })).statusCode, 403);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu');
    // A browser's own form, with no-referrer: Origin null, same-origin.
    const fresh = tokenOf(html(await client.get(sent.link)));
    const ok = await client.post(
      `${sent.link}/refuser`,
      { _csrf: fresh },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    assert.equal(ok.statusCode, 303);
  });
});

describe('the state rule', () => {
  const base = { version: 1, currentVersion: 1, replacedBy: null, status: 'envoye' as const, validUntil: '2026-12-20' };
  const at = (iso: string) => new Date(iso);
  test('awaiting until the end of the last valid day in Paris, then expired; a later version replaces', () => {
    assert.equal(clientState(base, at('2026-12-20T22:59:59Z')).kind, 'awaiting');
    assert.equal(clientState(base, at('2026-12-20T23:00:00Z')).kind, 'expired');
    assert.deepEqual(clientState({ ...base, currentVersion: 3, replacedBy: 2 }, at('2026-12-01T00:00:00Z')), {
      kind: 'replaced',
      by: 2,
    });
    assert.equal(clientState({ ...base, status: 'accepte' }, at('2027-06-01T00:00:00Z')).kind, 'accepted');
    assert.equal(clientState({ ...base, status: 'refuse' }, at('2026-12-01T00:00:00Z')).kind, 'refused');
    assert.equal(clientState({ ...base, status: 'retracte' }, at('2026-12-01T00:00:00Z')).kind, 'withdrawn');
  });
});

describe('withdrawing online from an accepted devis', () => {
  // The code's mail is written by the outbox on the real clock: the devis is accepted now, then time moves.
  const DAY = 86_400_000;

  test('within its period: « Rétracté », acknowledged to the client by mail, the company told', async (t) => {
    const start = new Date();
    const client = await clientApp(t, start);
    const sent = await sentDevis(client.db, start);
    await typeCode(client, sent.link, await askCode(client, sent.link));
    const accepted = await client.get(sent.link);
    assert.match(
      mainText(html(accepted)),
      new RegExp(`${texts.withdrawIntro} \\d{1,2}(er)?\\s\\S+\\s\\d{4} inclus\\.`),
    );
    assert.deepEqual(formActions(html(accepted)), [`${sent.link}/retracter`]);

    const unconfirmed = await client.post(`${sent.link}/retracter`, { _csrf: tokenOf(html(accepted)) });
    assert.equal(unconfirmed.statusCode, 400);
    assert.ok(mainText(html(unconfirmed)).includes(texts.errors.withdrawConfirm));
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'accepte');

    // The 14th day after the acceptance is always within the period.
    client.clock.now = new Date(start.getTime() + 14 * DAY - 3_600_000);
    const token = tokenOf(html(await client.get(sent.link)));
    const withdrawn = await client.post(`${sent.link}/retracter`, { _csrf: token, confirmer: 'oui' });
    assert.equal(withdrawn.statusCode, 303);
    const after = await client.get(sent.link);
    assert.ok(mainText(html(after)).includes(texts.states.withdrawn));
    assert.deepEqual(formActions(html(after)), []);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'retracte');
    assert.equal((await eventsOf(client.db, sent.devisId)).at(-1)?.kind, 'withdrawn');
    const acknowledgment = await waitFor('the acknowledgment', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Accusé de réception de votre rétractation')),
    );
    assert.equal(
      acknowledgment.to && 'text' in acknowledgment.to ? acknowledgment.to.text : '',
      'camille.durand@example.fr',
    );
    assert.match(acknowledgment.text ?? '', /L\. 221-21/);
    // The refund: at the latest the withdrawal's day plus the refund's days, by the same means (L. 221-24).
    const refundDay = addDays(isoDay(client.clock.now), terms.refundDays);
    assert.ok(
      acknowledgment.text?.includes(
        fillTemplate(withdrawalAcknowledgmentTexts.refund, { date: formatFrenchDay(refundDay) }),
      ),
    );
    assert.ok(acknowledgment.text?.includes(`au plus tard le ${formatFrenchDay(refundDay)}`));
    // Services only, no early start asked: neither goods to take back nor an amount due.
    assert.ok(!acknowledgment.text?.includes(withdrawalAcknowledgmentTexts.goods));
    assert.ok(!acknowledgment.text?.includes(withdrawalAcknowledgmentTexts.earlyStart));
    await waitFor('the company’s notice', () =>
      client.smtp.messages.find((message) => message.subject?.includes(': rétractation de Camille Durand')),
    );
  });

  test('with goods and an early start: the goods taken back at our cost, the proportional amount still due', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now, goodsLines);
    await typeCode(client, sent.link, await askCode(client, sent.link, 'Camille Durand', 1, { debut_anticipe: 'oui' }));
    const token = tokenOf(html(await client.get(sent.link)));
    assert.equal((await client.post(`${sent.link}/retracter`, { _csrf: token, confirmer: 'oui' })).statusCode, 303);
    const acknowledgment = await waitFor('the acknowledgment', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Accusé de réception de votre rétractation')),
    );
    const text = acknowledgment.text ?? '';
    assert.ok(text.includes(withdrawalAcknowledgmentTexts.goods), 'the goods taken back');
    assert.match(withdrawalAcknowledgmentTexts.goods, new RegExp(`${terms.goodsReturnDays}\u00a0jours`));
    assert.ok(text.includes(withdrawalAcknowledgmentTexts.earlyStart), 'the amount for what was done');
    assert.match(withdrawalAcknowledgmentTexts.earlyStart, /L\. 221-25/);
    assert.ok(text.includes(formatFrenchDay(addDays(isoDay(client.clock.now), terms.refundDays))));
  });

  test('the period ends at midnight (Paris) after its last day; at the premises there is none', async (t) => {
    const start = new Date();
    const client = await clientApp(t, start);
    const sent = await sentDevis(client.db, start);
    await typeCode(client, sent.link, await askCode(client, sent.link));
    // The page is opened half an hour before the period ends (midnight in Paris after its last day), the
    // form posted an hour later: refused, though its token is still good (the link itself ends with the
    // period: devis-link-lifetime.test.ts).
    const acceptedAt = (await eventsOf(client.db, sent.devisId)).find((event) => event.kind === 'accepted')?.at;
    const ends = withdrawalEndsAt(new Date(acceptedAt ?? '')).getTime();
    client.clock.now = new Date(ends - 1_800_000);
    const open = html(await client.get(sent.link));
    assert.deepEqual(formActions(open), [`${sent.link}/retracter`]);
    client.clock.now = new Date(ends + 1_800_000);
    assert.equal((await client.get(sent.link)).statusCode, 410);
    const late = await client.post(`${sent.link}/retracter`, { _csrf: tokenOf(open), confirmer: 'oui' });
    assert.equal(late.statusCode, 410);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'accepte');
    // A month later, still nothing.
    client.clock.now = new Date(start.getTime() + 30 * DAY);
    assert.equal((await client.get(sent.link)).statusCode, 410);

    client.clock.now = start;
    const premises = await sentDevis(client.db, start, { way: 'etablissement' });
    await typeCode(client, premises.link, await askCode(client, premises.link, 'Camille Durand', 2));
    assert.deepEqual(formActions(html(await client.get(premises.link))), []);
  });
});
