import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { LightMyRequestResponse as Response } from 'fastify';
import { attribute, elementById, elements, parseHtml, textOf } from '../../scripts/html';
import {
  deName,
  demoDevis,
  DEVIS_CLIENT_PATH,
  devisDefaults,
  devisEditorTexts,
  devisTerms,
  site,
  siteUrl,
  withdrawalTexts,
} from '../src/facts';
import { href } from '../src/inbox/paths';
import { locationLabel, serviceLabel } from '../src/inbox/ui/labels';
import { priceListDevisLines } from '../src/requests/devis/price-list';
import { formatCents } from '../src/requests/devis/money';
import { findDevis, saveDraft } from '../src/store/devis-queries';
import { findByLink } from '../src/store/devis-versions';
import { build, startSmtp, waitFor } from './helpers';
import { formOf, page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { plain, readPdf } from './pdf-text';
import { seed, signedInMember } from './factories';

/**
 * « Faire le devis » in the inbox, through app.inject: the draft filled from the request, the editor (a
 * form that works without a script: every button posts, a refused form keeps what was typed), the preview,
 * the sending (frozen, numbered, its PDF stored, its mail queued in the same transaction and caught by a real
 * SMTP server with its link and its PDF), « Modifier » and version 2; the guard and hostile text.
 */

const has = (text: string, expected: string) => plain(text).includes(plain(expected));

/** The value a field of the editor shows. */
function shown(response: Response, name: string): string | undefined {
  const element = elements(page(response), (e) => attribute(e, 'name') === name)[0];
  if (!element) return undefined;
  // A textarea's text comes from the parser with its entities as written: read it as a paragraph's text.
  return element.name === 'textarea' ? textOf(parseHtml(`<p>${textOf(element)}</p>`)) : attribute(element, 'value');
}

/** The error shown beside a field. */
function errorBeside(response: Response, name: string): string | undefined {
  const element = elementById(page(response), `erreur-${name.replace(/\./g, '-')}`);
  return element && textOf(element);
}

async function makeDevis(pages: Pages, values: Parameters<typeof seed>[2] = {}) {
  const request = await seed(pages.db, pages.dirs, {
    firstName: 'Élodie',
    lastName: 'Martin',
    phone: '06 12 34 56 78',
    description: 'La chaudière se met en sécurité.',
    ...values,
  });
  const created = await pages.post(href.requestDevis(request.reference));
  assert.equal(created.statusCode, 303);
  const location = String(created.headers.location);
  const id = Number(/\/devis\/(\d+)$/.exec(location)?.[1]);
  assert.ok(id > 0, location);
  return { request, id, editor: await pages.get(location) };
}

/** A draft with one line of the price list and one typed line, saved; answers the editor after saving. */
async function fillDevis(pages: Pages, id: number) {
  let editor = await pages.get(href.devis(id));
  const hourly = priceListDevisLines().find((line) => line.id === 'hourly')!;
  const added = await pages.post(href.devis(id), { ...formOf(editor), action: 'add-price', tarif: 'hourly' });
  assert.equal(added.statusCode, 303, added.body.match(/field-error[^<]*<\/p>/g)?.join(' '));
  editor = await pages.get(href.devis(id));
  assert.equal(shown(editor, 'lines.0.designation'), hourly.designation);
  const typed = await pages.post(href.devis(id), { ...formOf(editor), action: 'add-line' });
  assert.equal(typed.statusCode, 303, typed.body.match(/field-error[^<]*<\/p>/g)?.join(' '));
  editor = await pages.get(href.devis(id));
  const saved = await pages.post(href.devis(id), {
    ...formOf(editor, {
      'lines.0.quantity': '2,5',
      'lines.1.designation': 'Circulateur basse consommation',
      'lines.1.quantity': '1',
      'lines.1.unit': 'unité',
      'lines.1.price': '1234,56',
      'lines.1.kind': 'goods',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
    }),
    action: 'save',
  });
  assert.equal(saved.statusCode, 303);
  return { hourly, editor: await pages.get(String(saved.headers.location)) };
}

test('« Faire le devis »: a draft filled from the request, then a link to it instead of a second one', async (t) => {
  const pages = await pagesApp(t);
  const { request, id, editor } = await makeDevis(pages);
  assert.equal(editor.statusCode, 200);
  assert.equal(shown(editor, 'name'), 'Élodie Martin');
  assert.equal(shown(editor, 'email'), `client.${request.reference.slice(-6).toLowerCase()}@exemple.fr`);
  assert.equal(shown(editor, 'phone'), '06 12 34 56 78');
  assert.equal(shown(editor, 'subject'), serviceLabel((await stored(pages, request.id)).service_type));
  assert.equal(shown(editor, 'jobAddress'), locationLabel((await stored(pages, request.id)).location));
  assert.equal(shown(editor, 'description'), 'La chaudière se met en sécurité.');
  assert.equal(shown(editor, 'validityDays'), String(devisTerms.validityDays));
  assert.equal(shown(editor, 'paymentTerms'), devisDefaults.paymentTerms);

  const requestPage = await pages.get(href.request(request.reference));
  const links = elements(page(requestPage), (e) => e.name === 'a' && attribute(e, 'href') === href.devis(id));
  assert.ok(links.some((link) => textOf(link) === 'Reprendre le devis'));
  assert.ok(!requestPage.body.includes('Faire le devis'));
  // A second « Faire le devis » (an old tab) opens the same devis.
  const again = await pages.post(href.requestDevis(request.reference));
  assert.equal(again.headers.location, href.devis(id));
  const count = await pages.db.execute({
    sql: 'SELECT COUNT(*) AS n FROM devis WHERE request_id = ?',
    args: [request.id],
  });
  assert.equal(Number(count.rows[0]?.n), 1);
});

async function stored(pages: Pages, id: number) {
  const result = await pages.db.execute({ sql: 'SELECT * FROM requests WHERE id = ?', args: [id] });
  return result.rows[0] as unknown as { service_type: string; location: string };
}

test('lines from the price list and typed, removed; the preview shows lines, totals, withdrawal and mentions', async (t) => {
  const pages = await pagesApp(t);
  const { id } = await makeDevis(pages);
  const { hourly, editor } = await fillDevis(pages, id);
  assert.equal(statusMessage(editor), 'Brouillon enregistré.');
  // The saved draft's totals under its lines: 2,5 h at the hourly rate and 1 234,56 €, at 20 %.
  const ht = Math.round((2500 * hourly.unitPriceHtCents) / 1000) + 123456;
  const editorText = textOf(page(editor));
  assert.ok(has(editorText, `Total HT${formatCents(ht)}`), editorText);
  assert.ok(has(editorText, `Total TTC${formatCents(ht + Math.round(ht * 0.2))}`));
  const draft = (await findDevis(pages.db, id))?.draft;
  assert.deepEqual(
    draft?.lines.map((line) => [line.designation, line.quantityMilli, line.unitPriceHtCents, line.kind]),
    [
      [hourly.designation, 2500, hourly.unitPriceHtCents, 'service'],
      ['Circulateur basse consommation', 1000, 123456, 'goods'],
    ],
  );

  const preview = await pages.get(href.devisPreview(id));
  assert.equal(preview.statusCode, 200);
  const text = textOf(page(preview));
  const labour = Math.round((2500 * hourly.unitPriceHtCents) / 1000);
  assert.ok(has(text, `Total HT : ${formatCents(labour)}`), text);
  assert.ok(has(text, `Total HT : ${formatCents(123456)}`));
  assert.ok(has(text, `Total HT${formatCents(labour + 123456)}`), text);
  // At a distance with goods: 14 days from the goods' receipt.
  assert.ok(has(text, withdrawalTexts.rightFromGoodsReceipt));
  assert.ok(has(text, site.mediator.name));
  assert.ok(text.includes('Envoyer au client'));
  const pdf = await pages.get(href.devisPreviewPdf(id));
  assert.equal(pdf.headers['content-type'], 'application/pdf');
  assert.ok(has((await readPdf(new Uint8Array(pdf.rawPayload))).text, 'Circulateur basse consommation'));

  // « Retirer la ligne 1 » keeps the other.
  const removed = await pages.post(href.devis(id), { ...formOf(await pages.get(href.devis(id))), action: 'remove:0' });
  assert.equal(removed.statusCode, 303);
  assert.deepEqual(
    (await findDevis(pages.db, id))?.draft?.lines.map((line) => line.designation),
    ['Circulateur basse consommation'],
  );
});

test('a bad form comes back with what was typed and a message beside each field; nothing is saved', async (t) => {
  const pages = await pagesApp(t);
  const { id } = await makeDevis(pages);
  await fillDevis(pages, id);
  const before = (await findDevis(pages.db, id))?.draft;
  const editor = await pages.get(href.devis(id));
  const refused = await pages.post(href.devis(id), {
    ...formOf(editor, {
      'lines.0.quantity': 'deux',
      'lines.1.price': '12,345',
      email: 'pas-une-adresse',
      clientKind: 'professional',
      siren: '123',
      name: 'Nom changé',
    }),
    action: 'preview',
  });
  assert.equal(refused.statusCode, 400);
  assert.equal(shown(refused, 'lines.0.quantity'), 'deux');
  assert.equal(shown(refused, 'lines.1.price'), '12,345');
  assert.equal(shown(refused, 'name'), 'Nom changé');
  assert.match(errorBeside(refused, 'lines.0.quantity') ?? '', /Ligne 1 : indiquez la quantité/);
  assert.match(errorBeside(refused, 'lines.1.price') ?? '', /Ligne 2 : indiquez le prix unitaire HT/);
  assert.match(errorBeside(refused, 'email') ?? '', /adresse e-mail valide/);
  assert.match(errorBeside(refused, 'siren') ?? '', /neuf chiffres/);
  assert.match(errorBeside(refused, 'employees') ?? '', /nombre de salariés/);
  assert.deepEqual((await findDevis(pages.db, id))?.draft, before);
});

test('the client’s three kinds and the ways of conclusion, each explained; a non-professional kept and previewed', async (t) => {
  const pages = await pagesApp(t);
  const { id } = await makeDevis(pages);
  await fillDevis(pages, id);
  const editor = await pages.get(href.devis(id));
  // Each choice carries its help (content/devis.ts), tied to it for a screen reader.
  const choices = [
    ...Object.entries(devisEditorTexts.clientKinds).map(([value, texts]) => ({ id: `clientKind-${value}`, ...texts })),
    ...Object.entries(devisEditorTexts.ways).map(([value, texts]) => ({ id: `way-${value}`, ...texts })),
    { id: 'urgent', ...devisEditorTexts.urgent },
  ];
  assert.equal(choices.length, 3 + 3 + 1);
  for (const choice of choices) {
    const input = elements(
      page(editor),
      (e) => e.name === 'input' && (attribute(e, 'id') ?? '').endsWith(choice.id),
    )[0];
    assert.ok(input, choice.id);
    const help = elementById(page(editor), attribute(input, 'aria-describedby') ?? '');
    assert.equal(help && plain(textOf(help)), plain(choice.help), choice.id);
  }
  assert.ok(has(textOf(page(editor)), devisEditorTexts.wayIntro));
  // The help names the consequence of a wrong choice and what the urgent exception requires.
  assert.match(plain(devisEditorTexts.ways.distance.help), /choisissez « Hors établissement »/);
  assert.match(devisEditorTexts.ways.etablissement.help, /^Seulement si le client accepte le devis sur place/);
  assert.match(devisEditorTexts.urgent.help, /strictement nécessaires/);

  const saved = await pages.post(href.devis(id), {
    ...formOf(editor, { clientKind: 'nonProfessional', name: 'Syndicat des copropriétaires Les Pins' }),
    action: 'save',
  });
  assert.equal(saved.statusCode, 303);
  assert.equal((await findDevis(pages.db, id))?.draft?.client.kind, 'nonProfessional');
  const back = await pages.get(href.devis(id));
  const checked = elements(
    page(back),
    (e) => attribute(e, 'name') === 'clientKind' && attribute(e, 'checked') !== undefined,
  );
  assert.deepEqual(
    checked.map((e) => attribute(e, 'value')),
    ['nonProfessional'],
  );
  const preview = textOf(page(await pages.get(href.devisPreview(id))));
  assert.ok(has(preview, withdrawalTexts.noneNonProfessional));
  assert.ok(!has(preview, 'entre professionnels'));
  assert.ok(!has(preview, site.mediator.name));

  const refused = await pages.post(href.devis(id), { ...formOf(back, { clientKind: 'autre' }), action: 'save' });
  assert.equal(refused.statusCode, 400);
  assert.match(errorBeside(refused, 'clientKind') ?? '', /particulier, un non-professionnel ou un professionnel/);
});

test('a two-line designation as a browser posts it (%0D%0A) is saved with LF, previewed and sent', async (t) => {
  const pages = await pagesApp(t);
  const { id } = await makeDevis(pages);
  await fillDevis(pages, id);
  const fields = {
    ...formOf(await pages.get(href.devis(id))),
    'lines.1.designation': 'Circulateur\r\nposé et raccordé',
  };
  // What Chromium posts for a textarea's line break (checked in e2e/inbox-devis.spec.ts too).
  assert.match(new URLSearchParams(fields).toString(), /Circulateur%0D%0Apos/);
  const previewed = await pages.post(href.devis(id), { ...fields, action: 'preview' });
  assert.equal(previewed.statusCode, 303, errorBeside(previewed, 'lines.1.designation'));
  assert.equal((await findDevis(pages.db, id))?.draft?.lines[1]?.designation, 'Circulateur\nposé et raccordé');
  const preview = await pages.get(href.devisPreview(id));
  assert.ok(has(textOf(page(preview)), 'Circulateur posé et raccordé'));
  assert.equal((await pages.post(href.devisSend(id))).statusCode, 200);
  assert.equal((await findDevis(pages.db, id))?.status, 'envoye');
});

test('bidirectional and invisible characters: saved as typed, refused beside their field at preview', async (t) => {
  const pages = await pagesApp(t);
  const { id } = await makeDevis(pages);
  await fillDevis(pages, id);
  const fields = {
    ...formOf(await pages.get(href.devis(id))),
    duration: 'Engagement de \u202E21\u202C mois',
    name: 'Élodie\u200B Martin',
    paymentTerms: 'À réception\u001b[31m',
    'lines.0.designation': 'Main-d’œuvre\u2066',
  };
  const saved = await pages.post(href.devis(id), { ...fields, action: 'save' });
  assert.equal(saved.statusCode, 303);
  assert.equal((await findDevis(pages.db, id))?.draft?.duration, fields.duration);
  const refused = await pages.post(href.devis(id), { ...fields, action: 'preview' });
  assert.equal(refused.statusCode, 400);
  for (const name of ['duration', 'name', 'paymentTerms', 'lines.0.designation']) {
    assert.match(errorBeside(refused, name) ?? '', /caractère invisible ou de contrôle/, name);
  }
  assert.equal(shown(refused, 'duration'), fields.duration);
  assert.equal((await pages.post(href.devisSend(id))).statusCode, 409);
});

test('a number beyond the limits: refused at saving too; a draft stored with one still opens', async (t) => {
  const pages = await pagesApp(t);
  const { id } = await makeDevis(pages);
  await fillDevis(pages, id);
  const before = (await findDevis(pages.db, id))?.draft;
  const editor = await pages.get(href.devis(id));
  const refused = await pages.post(href.devis(id), {
    ...formOf(editor, { 'lines.0.quantity': '999999999999', 'lines.1.price': '999999999999,99' }),
    action: 'save',
  });
  assert.equal(refused.statusCode, 400);
  assert.match(errorBeside(refused, 'lines.0.quantity') ?? '', /Ligne 1 : la quantité va jusqu’à 100 000/);
  assert.match(errorBeside(refused, 'lines.1.price') ?? '', /Ligne 2 : le prix unitaire HT va jusqu’à 1 000 000,00 €/);
  assert.deepEqual((await findDevis(pages.db, id))?.draft, before);

  // A draft saved before saving checked the limits: its editor opens, the fault beside its field.
  const lines = before!.lines.map((line) => ({ ...line, quantityMilli: 999_999_999_999_000 }));
  await saveDraft(pages.db, id, { ...before!, lines }, new Date());
  const opened = await pages.get(href.devis(id));
  assert.equal(opened.statusCode, 200);
  assert.match(errorBeside(opened, 'lines') ?? '', /Montant hors limites/);
  assert.match(errorBeside(opened, 'lines.0.quantity') ?? '', /la quantité va jusqu’à/);
  const corrected = await pages.post(href.devis(id), {
    ...formOf(opened, { 'lines.0.quantity': '2', 'lines.1.quantity': '1' }),
    action: 'save',
  });
  assert.equal(corrected.statusCode, 303);
  assert.equal((await pages.get(href.devis(id))).statusCode, 200);
});

test('hostile text in every field comes back escaped, in the editor and the preview', async (t) => {
  const pages = await pagesApp(t);
  const { id } = await makeDevis(pages, { firstName: '<script>alert(1)</script>', lastName: '"><img src=x>' });
  const hostile = '<script>alert("x")</script>&"\'';
  const editor = await pages.get(href.devis(id));
  const textFields = ['name', 'phone', 'jobAddress', 'subject', 'description', 'start', 'duration', 'paymentTerms'];
  await pages.post(href.devis(id), { ...formOf(editor), action: 'add-line' });
  const saved = await pages.post(href.devis(id), {
    ...formOf(await pages.get(href.devis(id)), {
      ...Object.fromEntries(textFields.map((name) => [name, hostile])),
      'lines.0.designation': hostile,
      'lines.0.unit': '<b>u</b>',
      'lines.0.price': '10',
    }),
    action: 'save',
  });
  assert.equal(saved.statusCode, 303);
  for (const response of [await pages.get(href.devis(id)), await pages.get(href.devisPreview(id))]) {
    assert.ok(!response.body.includes('<script>alert'), 'no live script');
    assert.ok(!response.body.includes('<b>u</b>'));
  }
  const back = await pages.get(href.devis(id));
  for (const name of [...textFields, 'lines.0.designation']) assert.equal(shown(back, name), hostile, name);
  // A refused form gives it back escaped too.
  const refused = await pages.post(href.devis(id), {
    ...formOf(back, { 'lines.0.quantity': hostile, email: hostile }),
    action: 'preview',
  });
  assert.equal(refused.statusCode, 400);
  assert.ok(!refused.body.includes('<script>alert'));
  assert.equal(shown(refused, 'lines.0.quantity'), hostile);
});

test('without a session or with a wrong token: nothing is made, saved or sent', async (t) => {
  const pages = await pagesApp(t);
  const { request, id } = await makeDevis(pages);
  await fillDevis(pages, id);
  const before = await findDevis(pages.db, id);
  for (const url of [href.devis(id), href.devisPreview(id), href.devisPreviewPdf(id), href.devisVersionPdf(id, 1)]) {
    const answer = await pages.app.inject({ method: 'GET', url });
    assert.equal(answer.statusCode, 303, url);
    assert.match(String(answer.headers.location), /\/gestion\/connexion/);
  }
  const origin = 'http://127.0.0.1';
  for (const url of [href.requestDevis(request.reference), href.devis(id), href.devisSend(id), href.devisEdit(id)]) {
    const anonymous = await pages.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      payload: 'action=save&name=X',
    });
    assert.ok([401, 403].includes(anonymous.statusCode), url);
    const forged = await pages.post(url, { _csrf: 'faux', action: 'save', name: 'X' });
    assert.equal(forged.statusCode, 403, url);
    assert.match(forged.body, /le formulaire a expiré/);
  }
  assert.deepEqual(await findDevis(pages.db, id), before);
  const versions = await pages.db.execute('SELECT COUNT(*) AS n FROM devis_versions');
  assert.equal(Number(versions.rows[0]?.n), 0);
});

/** The whole receiver (its outbox and a real SMTP server) with a member signed in to its inbox. */
async function receiverWithInbox(t: TestContext) {
  const smtp = await startSmtp();
  t.after(() => smtp.stop());
  const built = await build(t, { SMTP_URL: smtp.url });
  const now = Date.now();
  const { session, cookie } = await signedInMember(built.db, now);
  const origin = new URL(built.app.config.inboxUrl).origin;
  const inbox = built.app.inbox;
  const pages = {
    db: built.db,
    dirs: (built.app as unknown as { dirs: Pages['dirs'] }).dirs,
    get: (url: string) => inbox.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url: string, fields: Record<string, string> = {}) =>
      inbox.inject({
        method: 'POST',
        url,
        headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: session.csrfToken, ...fields }).toString(),
      }),
  } as unknown as Pages;
  return { smtp, built, pages };
}

test('« Envoyer »: frozen and numbered, its mail with the link and the PDF; « Modifier » makes version 2', async (t) => {
  const { smtp, built, pages } = await receiverWithInbox(t);
  const { request, id } = await makeDevis(pages, { email: 'elodie@exemple.fr' });
  await fillDevis(pages, id);
  const sent = await pages.post(href.devisSend(id));
  assert.equal(sent.statusCode, 200);
  const devis = await findDevis(pages.db, id);
  assert.equal(devis?.status, 'envoye');
  assert.equal(devis?.currentVersion, 1);
  const number = devis?.number ?? '';
  assert.match(number, /^DEV-\d{4}-0001$/);

  // The page shows the link once, the sms: link with the text filled in, and « Copier le lien ».
  const link = attribute(elementById(page(sent), 'lien')!, 'value') ?? '';
  assert.ok(link.startsWith(`${siteUrl}${DEVIS_CLIENT_PATH}/`), link);
  const secret = link.slice(`${siteUrl}${DEVIS_CLIENT_PATH}/`.length);
  assert.equal((await findByLink(pages.db, secret))?.version, 1);
  const sms = elements(page(sent), (e) => e.name === 'a' && textOf(e) === 'Envoyer par SMS')[0];
  const smsHref = attribute(sms!, 'href') ?? '';
  assert.ok(smsHref.startsWith('sms:0612345678?&body='), smsHref);
  const smsBody = decodeURIComponent(smsHref.split('&body=')[1] ?? '');
  assert.ok(smsBody.includes(link));
  // « d’Azur Technique Services », elided as the site writes it, and « n° » before the number.
  assert.ok(smsBody.includes(`votre devis n°\u00a0${number} ${deName(site.name)}`), smsBody);
  assert.ok(elements(page(sent), (e) => e.name === 'button' && textOf(e) === 'Copier le lien').length === 1);
  const requestRow = await pages.db.execute({ sql: 'SELECT status FROM requests WHERE id = ?', args: [request.id] });
  assert.equal(requestRow.rows[0]?.status, 'devis_envoye');

  // The mail, through the outbox and a real SMTP server: to the client, the link, the PDF of the version.
  const mail = await waitFor('the devis’s mail', () =>
    smtp.messages.find((message) => message.subject?.includes(number)),
  );
  assert.equal(mail.to && 'text' in mail.to ? mail.to.text : '', 'elodie@exemple.fr');
  // Sent with the sample facts of content/: a demonstration devis, whose subject the stamp opens.
  assert.match(mail.subject ?? '', new RegExp(`^${demoDevis.stamp} – Votre devis n°\u00a0${number}`));
  assert.ok(mail.text?.includes(`Devis\u00a0: n°\u00a0${number}`), 'the number, held by a no-break space');
  assert.ok(mail.text?.includes('à la suite de votre demande') && !mail.text?.includes('suite à'));
  assert.ok(mail.text?.includes(link));
  assert.ok(mail.html && mail.html.includes(link));
  assert.ok(mail.text?.includes(site.rcs), 'the company’s mentions');
  // French typography: a no-break space before « : ; ? ! » (the link's « https: » has none before it).
  assert.deepEqual(mail.text?.match(/.{0,20} [:;?!]/g) ?? [], []);
  const attached = mail.attachments.find((file) => file.contentType === 'application/pdf');
  assert.equal(attached?.filename, `devis-${number}-v1.pdf`);
  const read = await readPdf(new Uint8Array(attached!.content));
  assert.ok(has(read.text, `Devis n°\u00a0${number}`));
  assert.ok(has(read.text, 'Circulateur basse consommation'));
  const stored = await pages.get(href.devisVersionPdf(id, 1));
  assert.deepEqual(Buffer.from(stored.rawPayload), attached!.content);
  // The secret left the outbox with its mail.
  await built.worker.idle();
  const secrets = await pages.db.execute('SELECT COUNT(*) AS n FROM outbox WHERE link_secret IS NOT NULL');
  assert.equal(Number(secrets.rows[0]?.n), 0);

  // Sending again (a reload) sends nothing more.
  const reloaded = await pages.post(href.devisSend(id));
  assert.equal(reloaded.statusCode, 409);
  assert.equal((await findDevis(pages.db, id))?.currentVersion, 1);

  // « Modifier »: a draft of version 2 from version 1; sent, it replaces version 1, and its mail says so.
  const edit = await pages.post(href.devisEdit(id));
  assert.equal(edit.headers.location, `${href.devis(id)}?fait=nouvelle`);
  const editor = await pages.get(href.devis(id));
  assert.equal(shown(editor, 'lines.1.designation'), 'Circulateur basse consommation');
  await pages.post(href.devis(id), { ...formOf(editor, { 'lines.1.price': '999' }), action: 'save' });
  const second = await pages.post(href.devisSend(id));
  assert.equal(second.statusCode, 200);
  assert.equal((await findDevis(pages.db, id))?.currentVersion, 2);
  assert.equal((await findByLink(pages.db, secret))?.replacedBy, 2);
  const replacing = await waitFor('the mail of version 2', () =>
    smtp.messages.find((message) => message.subject?.includes('version 2')),
  );
  assert.match(replacing.subject ?? '', /remplace la version 1/);
  assert.match(replacing.text ?? '', /elle remplace la version 1/);
  const pdf2 = replacing.attachments.find((file) => file.contentType === 'application/pdf');
  assert.equal(pdf2?.filename, `devis-${number}-v2.pdf`);
  assert.ok(has((await readPdf(new Uint8Array(pdf2!.content))).text, 'Version 2'));
});

test('no devis for a spam request; an unknown devis or price-list line is refused in French', async (t) => {
  const pages = await pagesApp(t);
  const spam = await seed(pages.db, pages.dirs, { spam: true });
  const spamPage = await pages.get(href.request(spam.reference));
  assert.ok(!spamPage.body.includes('Faire le devis'));
  assert.equal((await pages.post(href.requestDevis(spam.reference))).statusCode, 404);
  assert.equal((await pages.get(href.devis(999))).statusCode, 404);
  assert.equal((await pages.get('/gestion/devis/abc')).statusCode, 404);

  const { id, editor } = await makeDevis(pages);
  const unknown = await pages.post(href.devis(id), { ...formOf(editor), action: 'add-price', tarif: 'inconnu' });
  assert.equal(unknown.statusCode, 400);
  assert.equal(errorBeside(unknown, 'tarif'), 'Choisissez une ligne du tarif.');
  assert.equal(shown(unknown, 'name'), 'Élodie Martin');
  assert.deepEqual((await findDevis(pages.db, id))?.draft?.lines, []);
});

test('a line from a « à partir de » price is never priced below it', async (t) => {
  const pages = await pagesApp(t);
  const { id, editor } = await makeDevis(pages);
  const starting = priceListDevisLines().find((line) => line.from)!;
  await pages.post(href.devis(id), { ...formOf(editor), action: 'add-price', tarif: starting.id });
  const filled = await pages.get(href.devis(id));
  const lower = (starting.unitPriceHtCents - 1) / 100;
  const refused = await pages.post(href.devis(id), {
    ...formOf(filled, { 'lines.0.price': String(lower).replace('.', ','), jobAddress: '3 rue des Lilas, Antibes' }),
    action: 'preview',
  });
  assert.equal(refused.statusCode, 400);
  assert.ok(
    has(
      errorBeside(refused, 'lines.0.price') ?? '',
      `Ligne 1 : ce tarif est « à partir de ${formatCents(starting.unitPriceHtCents)} HT »`,
    ),
  );
  // Raised, it passes; a typed line has no floor.
  const raised = await pages.post(href.devis(id), {
    ...formOf(filled, {
      'lines.0.price': String(starting.unitPriceHtCents / 50),
      jobAddress: '3 rue des Lilas, Antibes',
    }),
    action: 'preview',
  });
  assert.equal(raised.statusCode, 303);
  assert.equal((await findDevis(pages.db, id))?.draft?.lines[0]?.priceListId, starting.id);
});
