import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { attribute, elementById, elements, firstElement, parseHtml, textOf } from '../../scripts/html';
import { companyMentions } from '../src/delivery/mail-parts';
import {
  daysOf,
  DEVIS_CLIENT_PATH,
  frenchWeekday,
  legitimateReason,
  locationOptions,
  serviceTypeOptions,
  site,
  siteData,
  siteOf,
  siteUrl,
  telHref,
  TERMINATION_RECEIVER_PATH,
  withdrawalForm,
  type Site,
  type SiteData,
} from '../src/facts';
import { figuresOf } from '../src/inbox/figures';
import { href } from '../src/inbox/paths';
import { storeRequest } from '../src/intake/store-request';
import { publishedSite } from '../src/store/site-data';
import { requestByReference } from '../src/store/inbox-reads';
import { openDb } from '../src/store/db';
import { ensureLayout, layout } from '../src/store/storage';
import { findDevis } from '../src/store/devis-queries';
import {
  build,
  form,
  ORIGIN,
  removeDir,
  send,
  startSmtp,
  storeDir,
  tempDir,
  validFields,
  waitFor,
  type Smtp,
} from './helpers';
import { publishData, seed, signedInMember } from './factories';
import { formOf } from './inbox-pages';
import { plain, readPdf } from './pdf-text';

/**
 * What the receiver sends and serves cites the company as published (store/site-data.ts publishedSite), not
 * as it was built: after the owner publishes a new phone number (and e-mail, and street), every mail written
 * after and every page served shows the new facts, without a rebuild or a restart; a devis sent before keeps
 * the facts frozen at its sending, on its page's mentions and in its PDF.
 */

const has = (text: string, expected: string) => plain(text).includes(plain(expected));

/** The committed data with a new phone, e-mail and street, as the owner would publish them. */
function republished(): SiteData {
  const data = structuredClone(siteData) as SiteData;
  const { coordonnees } = data;
  // Another number than the committed one, of the schema's form (ten digits in pairs).
  coordonnees.phone = coordonnees.phone === '04 93 12 34 56' ? '04 93 65 43 21' : '04 93 12 34 56';
  // An address and a street that do not contain the committed ones.
  const domain = coordonnees.email.split('@')[1];
  coordonnees.email = coordonnees.email.startsWith('bureau@') ? `accueil@${domain}` : `bureau@${domain}`;
  coordonnees.address = { ...coordonnees.address, street: 'Zone artisanale des Terriers, lot 7' };
  return data;
}

/** A checkout holding the committed data, and the whole receiver publishing from it, mailing to a real SMTP server. */
async function receiverOnCheckout(t: TestContext) {
  const checkout = await tempDir('published-facts-');
  const releases = await tempDir('published-facts-releases-');
  t.after(async () => {
    await removeDir(checkout);
    await removeDir(releases);
  });
  publishData(checkout, siteData);
  const smtp = await startSmtp();
  t.after(() => smtp.stop());
  const built = await build(t, { SMTP_URL: smtp.url, SITE_SOURCE_DIR: checkout, SITE_RELEASES_DIR: releases });
  return { checkout, smtp, built };
}

function mailTo(smtp: Smtp, address: string): ParsedMail | undefined {
  return smtp.messages.find((mail) => mail.to && 'text' in mail.to && mail.to.text === address);
}

/** The phone as a mail's text carries it, and the header link of a served page. */
function headerPhone(html: string): { text: string; href: string } | undefined {
  const doc = parseHtml(html);
  const header = firstElement(doc, (element) => element.name === 'header');
  const link =
    header &&
    elements(header, (element) => element.name === 'a' && attribute(element, 'href')?.startsWith('tel:') === true)[0];
  return link ? { text: plain(textOf(link)), href: attribute(link, 'href') ?? '' } : undefined;
}

test('a mail written after a publication carries the new phone and mentions; a page served shows them', async (t) => {
  const { checkout, smtp, built } = await receiverOnCheckout(t);
  const before = validFields();
  assert.equal((await send(built.app, form(before))).status, 201);
  const first = await waitFor('the first visitor mail', () => mailTo(smtp, before.email!));
  assert.ok(has(first.text ?? '', site.phone), 'before: the committed number');

  const data = republished();
  publishData(checkout, data);
  const now: Site = siteOf(data);
  assert.notEqual(plain(now.phone), plain(site.phone));

  const after = validFields();
  assert.equal((await send(built.app, form(after))).status, 201);
  const second = await waitFor('the second visitor mail', () => mailTo(smtp, after.email!));
  const text = second.text ?? '';
  assert.ok(has(text, now.phone), text);
  assert.ok(!has(text, site.phone), 'not the old number');
  assert.ok(has(text, companyMentions(now)), 'the mentions with the new street');
  assert.ok(!has(text, companyMentions(site)));
  assert.ok(has(second.html || '', now.phone), 'the HTML part too');

  // « Résilier un contrat » without JavaScript: the page served, then the acknowledgment and its mail.
  const post = (fields: Record<string, string> | [string, string][]) =>
    built.app.inject({
      method: 'POST',
      url: TERMINATION_RECEIVER_PATH,
      payload: new URLSearchParams(fields).toString(),
      headers: { origin: ORIGIN, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
  const email = `elodie.${randomUUID().slice(0, 8)}@exemple.fr`;
  const summary = await post({
    lastName: 'Martin',
    firstName: 'Élodie',
    company: '',
    email,
    contractType: 'maintenance',
    contractReference: 'MC-2025/014',
    contractStart: '2025-03-15',
    desiredDate: '',
    reason: 'Je déménage.',
    website: '',
  });
  assert.equal(summary.statusCode, 200, summary.body);
  assert.deepEqual(headerPhone(summary.body), { text: plain(now.phone), href: telHref(now.phone) });
  assert.ok(has(summary.body, companyMentions(now)));
  // The summary's « Notifier » form, as the browser posts it.
  const notifyForm = summary.body.split('<form').find((part) => part.includes('value="notifier"')) ?? '';
  const notify = [...notifyForm.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (match) => [match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&')] as [string, string],
  );
  const acknowledged = await post(notify);
  assert.equal(acknowledged.statusCode, 201, acknowledged.body);
  assert.ok(has(acknowledged.body, legitimateReason.acknowledged(now)), 'the proofs go to the new address');
  const ack = await waitFor('the termination’s acknowledgment', () => mailTo(smtp, email));
  assert.ok(has(ack.text ?? '', now.phone) && !has(ack.text ?? '', site.phone), ack.text);
  assert.ok(has(ack.text ?? '', legitimateReason.acknowledged(now)));
});

/** The inbox of the built receiver, a member signed in: « Faire le devis », one line, « Envoyer ». */
async function sendDevisFromInbox(inbox: FastifyInstance, built: Awaited<ReturnType<typeof build>>, email: string) {
  const { session, cookie } = await signedInMember(
    built.db,
    Date.now(),
    'Léa Roux',
    `lea.${randomUUID().slice(0, 6)}@entreprise.test`,
  );
  const origin = new URL(built.app.config.inboxUrl).origin;
  const get = (url: string) => inbox.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, fields: Record<string, string> = {}) =>
    inbox.inject({
      method: 'POST',
      url,
      headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: session.csrfToken, ...fields }).toString(),
    });
  const dirs = (built.app as unknown as { dirs: Parameters<typeof seed>[1] }).dirs;
  const request = await seed(built.db, dirs, { firstName: 'Élodie', lastName: 'Martin', email });
  const created = await post(href.requestDevis(request.reference));
  const id = Number(/\/devis\/(\d+)$/.exec(String(created.headers.location))?.[1]);
  assert.ok(id > 0, String(created.headers.location));
  const added = await post(href.devis(id), {
    ...formOf(await get(href.devis(id))),
    action: 'add-price',
    tarif: 'hourly',
  });
  assert.equal(added.statusCode, 303);
  const saved = await post(href.devis(id), {
    ...formOf(await get(href.devis(id)), { jobAddress: '12 avenue des Pins, 06600 Antibes' }),
    action: 'save',
  });
  assert.equal(saved.statusCode, 303);
  const sent = await post(href.devisSend(id));
  assert.equal(sent.statusCode, 200, sent.body.slice(0, 500));
  const link = attribute(elementById(parseHtml(sent.body), 'lien')!, 'value') ?? '';
  return { number: (await findDevis(built.db, id))?.number ?? '', path: link.slice(siteUrl.length) };
}

test('the client’s devis page shows the company as published; a devis sent before keeps its frozen facts', async (t) => {
  const { checkout, smtp, built } = await receiverOnCheckout(t);
  const inbox = built.app.inbox;
  const old = await sendDevisFromInbox(inbox, built, 'avant@exemple.fr');
  assert.ok(old.path.startsWith(DEVIS_CLIENT_PATH), old.path);
  // Its mail leaves before the publication: written with the facts of then.
  const oldMail = await waitFor('the first devis’s mail', () => mailTo(smtp, 'avant@exemple.fr'));
  assert.ok(has(oldMail.text ?? '', site.phone));

  const data = republished();
  publishData(checkout, data);
  const now = siteOf(data);
  const fresh = await sendDevisFromInbox(inbox, built, 'apres@exemple.fr');
  const freshMail = await waitFor('the second devis’s mail', () => mailTo(smtp, 'apres@exemple.fr'));
  assert.ok(has(freshMail.text ?? '', now.phone) && !has(freshMail.text ?? '', site.phone), freshMail.text);

  const pageOf = async (devisPath: string) => {
    const response = await built.app.inject({ method: 'GET', url: devisPath });
    assert.equal(response.statusCode, 200);
    return response.body;
  };
  const mentionOf = (html: string) => {
    const section = firstElement(
      parseHtml(html),
      (e) => e.name === 'section' && attribute(e, 'aria-labelledby') === 'mentions',
    );
    return section ? textOf(section) : '';
  };

  // The devis sent before: the page's frame says whom to call now; its mentions and form, what it was sent with.
  const oldPage = await pageOf(old.path);
  assert.equal(headerPhone(oldPage)?.text, plain(now.phone));
  assert.ok(has(oldPage, companyMentions(now)), 'the mentions at the foot: the company now');
  assert.ok(has(mentionOf(oldPage), `Tél. ${site.phone}`), 'the devis’s mentions: frozen at its sending');
  assert.ok(!has(mentionOf(oldPage), now.phone));
  assert.ok(has(oldPage, withdrawalForm(site).addressee), 'its withdrawal form: the company it was sent by');
  assert.ok(!has(oldPage, withdrawalForm(now).addressee));

  // The devis sent after: the new facts everywhere.
  const freshPage = await pageOf(fresh.path);
  assert.equal(headerPhone(freshPage)?.text, plain(now.phone));
  assert.ok(has(mentionOf(freshPage), `Tél. ${now.phone}`));
  assert.ok(has(freshPage, withdrawalForm(now).addressee));

  // Their PDFs, as stored at the sending: each with the facts of its own day.
  const pdfOf = async (devisPath: string) => {
    const response = await built.app.inject({ method: 'GET', url: `${devisPath}/pdf` });
    assert.equal(response.statusCode, 200);
    return (await readPdf(new Uint8Array(response.rawPayload))).text;
  };
  const oldPdf = await pdfOf(old.path);
  assert.ok(has(oldPdf, site.phone) && !has(oldPdf, now.phone), 'the PDF sent before: the old number');
  assert.ok(has(oldPdf, site.address.street) && !has(oldPdf, now.address.street));
  const freshPdf = await pdfOf(fresh.path);
  assert.ok(has(freshPdf, now.phone) && !has(freshPdf, site.phone), 'the PDF sent after: the new number');
  assert.ok(has(freshPdf, now.email));
});

test('the opening hours published make the call-back deadline and « Chiffres »’s working days', async (t) => {
  // Open on Saturday mornings only: a day the committed hours never open.
  const data = structuredClone(siteData) as SiteData;
  data.coordonnees.openingHours = data.coordonnees.openingHours.map((rule) =>
    rule.day === 'samedi'
      ? { ...rule, open: true, opens: '09:00', closes: '12:00', note: '' }
      : { ...rule, open: false },
  );
  const checkout = await tempDir('published-hours-');
  t.after(() => removeDir(checkout));
  publishData(checkout, data);
  assert.ok(
    !site.openingHours.some((rule) => 'opens' in rule && daysOf(rule).includes('samedi')),
    'not the built hours',
  );

  const dataDir = await storeDir('published-hours-store-');
  t.after(() => removeDir(dataDir));
  const dirs = layout(dataDir);
  await ensureLayout(dirs);
  const db = await openDb(dataDir, 5_000);
  t.after(() => db.close());
  const config = { fromEmail: 'no-reply@entreprise.test', site: { sourceDir: checkout } as never };
  const stored = await storeRequest({ db, dirs, config }, new Map(Object.entries(validFields())));
  const deadline = new Date(String((await requestByReference(db, stored.answer.reference))?.deadlineAt));
  assert.equal(frenchWeekday(deadline), 'samedi', deadline.toISOString());

  // A devis sent on a Monday, answered the Monday after: one working day (the Saturday), not five.
  const figures = (hours: typeof site.openingHours) =>
    figuresOf(
      [
        {
          id: 1,
          createdAt: '2026-11-02T08:00:00Z',
          serviceType: serviceTypeOptions[0]!.value,
          location: locationOptions[0]!.value,
          spam: false,
          status: 'acceptee',
          deadlineAt: null,
          calledBackAt: null,
          devis: {
            number: 'DEV-2026-0001',
            status: 'accepte',
            sentAt: '2026-11-02T09:00:00Z',
            openedAt: '2026-11-02T10:00:00Z',
            answeredAt: '2026-11-09T09:00:00Z',
            htCents: 10000,
            refusalReason: null,
            validUntil: '2026-12-02',
          },
        },
      ],
      [],
      new Date('2026-11-20T12:00:00Z'),
      [],
      hours,
    )[0]?.medianDaysToAnswer;
  assert.equal(figures(publishedSite(checkout).openingHours), 1);
  assert.equal(figures(site.openingHours), 5);
});
