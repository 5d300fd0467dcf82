import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parseHtml, rawText } from '../../scripts/html';
import { addMember } from '../src/store/members';
import { href } from '../src/inbox/paths';
import { inboxApp } from './inbox-auth-helpers';
import { pagesApp } from './inbox-pages';
import { seed } from './factories';

/**
 * French typography in everything the inbox writes to a team member: a no-break space before « : » and a
 * narrow one before « ; ? ! » (a plain space lets the sign wrap alone onto the next line). Checked on the
 * text of every page (sign-in, enrolment, devices, list, request, figures, not found), on every refusal
 * message, and on the passkey script's messages.
 */

/** Each place where a sign is preceded by a plain space, or by no space at all, with its context. */
function misses(text: string): string[] {
  return [...text.matchAll(/(.{0,30})([ \S])([:;?!])(?=\s|$)/gu)]
    .filter((match) => match[2] !== '\u00a0' && match[2] !== '\u202f')
    .map((match) => `${match[1]}${match[2]}${match[3]}`);
}

function pageText(html: string): string {
  return rawText(parseHtml(html)).replace(/\s+/g, (space) => (/[\u00a0\u202f]/.test(space) ? space : ' '));
}

test('every page and every message of the inbox has a no-break space before : ; ? !', async (t) => {
  const pages = await pagesApp(t);
  const { reference } = await seed(pages.db, pages.dirs, {
    file: { name: 'plan.pdf', data: Buffer.from('%PDF'), type: 'application/pdf' },
  });
  await pages.post(href.requestNote(reference), { note: 'Rappeler après 18 h' });
  await pages.post(href.requestStatus(reference), { statut: 'rappelee' });
  const { reference: spam } = await seed(pages.db, pages.dirs, { spam: true });
  await pages.post(href.requestNotSpam(spam), {});
  const found: string[] = [];
  const check = (where: string, text: string) => found.push(...misses(text).map((miss) => `${where}: ${miss}`));

  for (const url of [
    href.list,
    `${href.list}?fait=efface`,
    href.spam,
    href.figures,
    href.devices,
    href.request(reference),
    `${href.request(reference)}?fait=pas-spam`,
    href.request(spam),
    href.request('D-20261124-ZZZZZZ'),
  ]) {
    check(url, pageText((await pages.get(url)).body));
  }
  for (const [url, fields] of [
    [href.requestStatus(reference), { statut: 'sans_suite' }],
    [href.requestNote(reference), { note: ' ' }],
    [href.requestErase(reference), { confirmation: 'non' }],
    [href.requestAssign(reference), { membre: '999' }],
  ] as const) {
    check(`POST ${url}`, pageText((await pages.post(url, fields)).body));
  }

  // The devis: its editor, a refused form, the preview (unfinished, then ready), and the page after sending.
  const devisUrl = String((await pages.post(href.requestDevis(reference))).headers.location);
  const devisId = Number(devisUrl.split('/').at(-1));
  const devisForm = {
    name: 'Élodie Martin',
    email: 'elodie@exemple.fr',
    phone: '06 12 34 56 78',
    jobAddress: '3 rue des Lilas, 06600 Antibes',
    clientKind: 'consumer',
    way: 'hors-etablissement',
    validityDays: '30',
    paymentTerms: 'À réception de la facture.',
    deposit: '',
  };
  await pages.post(devisUrl, { ...devisForm, action: 'add-line' });
  check(`GET ${devisUrl}`, pageText((await pages.get(devisUrl)).body));
  check(`GET ${href.devisPreview(devisId)}`, pageText((await pages.get(href.devisPreview(devisId))).body));
  const line = { 'lines.0.designation': 'Forfait', 'lines.0.unit': 'forfait', 'lines.0.vat': '2000' };
  const refused = await pages.post(devisUrl, {
    ...devisForm,
    ...line,
    'lines.0.quantity': 'deux',
    'lines.0.price': '',
    'lines.0.kind': 'service',
    action: 'preview',
  });
  assert.equal(refused.statusCode, 400);
  check(`POST ${devisUrl}`, pageText(refused.body));
  await pages.post(devisUrl, {
    ...devisForm,
    ...line,
    'lines.0.quantity': '1',
    'lines.0.price': '150',
    'lines.0.kind': 'service',
    deposit: '50',
    action: 'save',
  });
  check(`GET ${href.devisPreview(devisId)}`, pageText((await pages.get(href.devisPreview(devisId))).body));
  const sent = await pages.post(href.devisSend(devisId));
  assert.equal(sent.statusCode, 200);
  check(`POST ${href.devisSend(devisId)}`, pageText(sent.body));

  const inbox = await inboxApp(t);
  const { secret } = await addMember(inbox.db, { name: 'Léa Martin', email: 'lea@exemple.fr' }, inbox.clock.now);
  for (const url of [href.signIn, `${href.signIn}?deconnecte`, href.enrol(secret), href.enrol('inconnu')]) {
    check(url, pageText((await inbox.get(url)).body));
  }
  const refusals = [
    await inbox.app.inject({
      method: 'POST',
      url: href.signInOptions,
      headers: { origin: 'https://ailleurs.example' },
    }),
    await inbox.app.inject({ method: 'POST', url: href.signOut, headers: { origin: inbox.origin } }),
    await inbox.postJson(href.signInVerify, { nothing: true }),
    await inbox.postJson(href.enrolOptions('inconnu'), {}),
  ];
  for (const answer of refusals) {
    const message = String(answer.headers['content-type']).startsWith('application/json')
      ? String(answer.json().message)
      : answer.body;
    assert.ok(message.length > 0);
    check(`${answer.statusCode} ${answer.raw.req.url}`, message);
  }

  const script = readFileSync(new URL('../src/inbox/static/passkey.js', import.meta.url), 'utf8');
  for (const [, literal] of script.matchAll(/'([^'\n]*[A-Za-zÀ-ÿ][^'\n]*)'/g)) {
    const text = literal!.replace(/\\u([0-9a-f]{4})/gi, (_escape, code: string) =>
      String.fromCharCode(parseInt(code, 16)),
    );
    check('static/passkey.js', text);
  }
  assert.deepEqual(found, []);
});
