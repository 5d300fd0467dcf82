import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { devisAnswerTexts, devisClientTexts, devisCodeCaps, devisCodeRules, withdrawalTexts } from '../src/facts';
import { clientState } from '../src/client/state';
import { withdrawalEndsAt } from '../src/requests/devis/withdrawal';
import { clearExpiredCodes } from '../src/store/devis-answers';
import { eventsOf, findDevis, saveDraft, sendDevis } from '../src/store/devis-queries';
import { sha256, waitFor } from './helpers';
import {
  clientApp,
  codeOf,
  nonceOf,
  draft,
  formActions,
  html,
  mainText,
  sentDevis,
  tokenOf,
  type ClientApp,
} from './devis-client-helpers';
import { readPdf } from './pdf-text';

/**
 * The client's page of a devis (receiver/src/client/), through the whole receiver (app.inject), its mails
 * caught by a real SMTP server: the page and its headers, the first view recorded, the acceptance with the
 * code read from its mail, the code's limits, the refusal, and what no answer can pass (an altered link, a
 * replaced version, an expired devis, a forged form).
 */

const texts = devisClientTexts;

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

/** The nonce of the code page the browser was last sent to. */
function nonceOfAddress(client: ClientApp): string {
  return new URL(codePages.get(client) ?? '', 'http://receiver.test').searchParams.get('demande') ?? '';
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
  const page = await client.get(link);
  const asked = await client.post(`${link}/accepter`, {
    _jeton: tokenOf(html(page)),
    nom: name,
    accord: 'oui',
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
  return client.post(`${link}/code`, { _jeton: tokenOf(html(page)), demande: nonceOf(html(page)), code });
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

describe('accepting with a code', () => {
  test('name, « Bon pour accord », early start, the code from the mail: accepted, and both sides get the PDF and the proof', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const page = await client.get(sent.link);
    const asked = await client.post(`${sent.link}/accepter`, {
      _jeton: tokenOf(html(page)),
      nom: '  Camille   Durand ',
      accord: 'oui',
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
      _jeton: tokenOf(html(codePage)),
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
    assert.deepEqual(JSON.parse(events[4]?.detail ?? ''), { signerName: 'Camille Durand', earlyStart: true });

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
      assert.deepEqual(names, [`devis-${sent.number}-v1.pdf`, `preuve-acceptation-${sent.number}-v1.pdf`]);
      assert.equal(sha256(mail.attachments[0]!.content), sha256(sent.pdf), 'the devis stored at sending');
      const proof = await readPdf(new Uint8Array(mail.attachments[1]!.content));
      assert.ok(proof.text.includes('Camille Durand'));
      const hash = sha256(sent.pdf);
      assert.ok(proof.text.replace(/\s/g, '').includes(hash), 'the SHA-256 of the accepted PDF');
      for (const label of ['Envoyé', 'Ouvert', 'Code envoyé', 'Code confirmé', 'Accepté']) {
        assert.ok(proof.text.includes(label), label);
      }
      assert.ok(proof.text.includes('Navigateur de test'));
    }
    assert.ok(toClient!.text?.includes(withdrawalTexts.earlyStartBox), 'the early start asked, in the client’s words');
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
    assert.deepEqual(JSON.parse(events.at(-1)?.detail ?? ''), { signerName: 'Camille Durand', earlyStart: false });
    const mail = await waitFor('the acceptance mail', () =>
      client.smtp.messages.find((message) => message.subject?.startsWith('Votre devis')),
    );
    assert.ok(!mail.text?.includes('Formulaire de rétractation'));
    assert.ok(mail.text?.includes(withdrawalTexts.noneAtPremises));
  });

  test('the name and « Bon pour accord » are required, in French, the form kept', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));
    const response = await client.post(`${sent.link}/accepter`, { _jeton: token, nom: '   ' });
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
      _jeton: tokenOf(html(await client.get(sent.link))),
      demande: nonceOfAddress(client),
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
      _jeton: tokenOf(html(await client.get(sent.link))),
      demande: nonceOfAddress(client),
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
    const token = tokenOf(html(await client.get(sent.link)));
    const tooMany = await client.post(`${sent.link}/accepter`, { _jeton: token, nom: 'Camille', accord: 'oui' });
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

describe('refusing', () => {
  test('with a hostile reason: « Refusé », the request « Refusée », the company told, the text inert', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const reason = '<script>alert(1)</script> Trop cher\u202e\u0007 pour nous';
    const token = tokenOf(html(await client.get(sent.link)));
    const response = await client.post(`${sent.link}/refuser`, { _jeton: token, motif: reason });
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
  test('a replaced version says so, offers no answer, and refuses one', async (t) => {
    const client = await clientApp(t);
    const sent = await sentDevis(client.db, client.clock.now);
    const token = tokenOf(html(await client.get(sent.link)));
    await saveDraft(client.db, sent.devisId, draft({ validityDays: 20 }), client.clock.now);
    await sendDevis(client.db, sent.devisId, client.clock.now);
    const page = await client.get(sent.link);
    assert.ok(mainText(html(page)).includes(`${texts.states.replaced} 2`));
    assert.deepEqual(formActions(html(page)), []);
    const posted = await client.post(`${sent.link}/accepter`, { _jeton: token, nom: 'Camille', accord: 'oui' });
    assert.equal(posted.statusCode, 303);
    assert.equal(posted.headers.location, sent.link);
    const refused = await client.post(`${sent.link}/refuser`, { _jeton: token });
    assert.equal(refused.statusCode, 303);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'envoye');
    assert.equal((await client.db.execute('SELECT COUNT(*) AS n FROM devis_codes')).rows[0]?.n, 0);
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
    const refused = await client.post(`${sent.link}/refuser`, { _jeton: token });
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
      client.post(`${sent.link}/refuser`, { _jeton: `${token}x` }),
      client.post(`${sent.link}/refuser`, { _jeton: tokenOf(html(await client.get(other.link))) }),
      client.post(`${sent.link}/refuser`, { _jeton: token }, { origin: 'https://pirate.example' }),
      client.post(`${sent.link}/refuser`, { _jeton: token }, { origin: 'null', 'sec-fetch-site': 'cross-site' }),
    ];
    for (const response of await Promise.all(cases)) {
      assert.equal(response.statusCode, 403);
      assert.equal(response.body, texts.errors.expiredForm);
    }
    // The token lasts two hours.
    client.clock.now = new Date(client.clock.now.getTime() + 3 * 3_600_000);
    assert.equal((await client.post(`${sent.link}/refuser`, { _jeton: token })).statusCode, 403);
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'vu');
    // A browser's own form, with no-referrer: Origin null, same-origin.
    const fresh = tokenOf(html(await client.get(sent.link)));
    const ok = await client.post(
      `${sent.link}/refuser`,
      { _jeton: fresh },
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

    const unconfirmed = await client.post(`${sent.link}/retracter`, { _jeton: tokenOf(html(accepted)) });
    assert.equal(unconfirmed.statusCode, 400);
    assert.ok(mainText(html(unconfirmed)).includes(texts.errors.withdrawConfirm));
    assert.equal((await findDevis(client.db, sent.devisId))?.status, 'accepte');

    // The 14th day after the acceptance is always within the period.
    client.clock.now = new Date(start.getTime() + 14 * DAY - 3_600_000);
    const token = tokenOf(html(await client.get(sent.link)));
    const withdrawn = await client.post(`${sent.link}/retracter`, { _jeton: token, confirmer: 'oui' });
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
    await waitFor('the company’s notice', () =>
      client.smtp.messages.find((message) => message.subject?.includes(': rétractation de Camille Durand')),
    );
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
    const late = await client.post(`${sent.link}/retracter`, { _jeton: tokenOf(open), confirmer: 'oui' });
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
