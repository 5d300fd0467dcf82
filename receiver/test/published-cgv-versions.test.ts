import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import Fastify from 'fastify';
import { attribute, elements, firstElement, parseHtml, textOf } from '../../scripts/html';
import { keepSnapshot } from '../../lib/cgv-snapshots';
import { cgvSnapshotText } from '@/content/legal/cgv-version';
import {
  addDays,
  CGV_VERSIONS_DIR,
  cgvVersions,
  devisClientTexts,
  fillTemplate,
  formatFrenchDay,
  isoDay,
  proofTexts,
  siteData,
  siteUrl,
  type CgvSnapshot,
  type SiteData,
} from '../src/facts';
import { acceptanceProof } from '../src/delivery/proof-store';
import { buildInbox } from '../src/inbox/server';
import { href } from '../src/inbox/paths';
import { recordEvent } from '../src/store/devis-events';
import { createDevis, findDevis } from '../src/store/devis-queries';
import { publishedCgvVersions } from '../src/store/site-data';
import { build, removeDir, startSmtp, tempDir, waitFor, type Smtp } from './helpers';
import { draft, publishData, requestForDevis, signedInMember } from './factories';
import { hasSquashed as has, readPdf } from './pdf-text';

/**
 * The receiver cites the CGV's versions as published (store/site-data.ts publishedCgvVersions), not as it was
 * built: the publication's CGV step writes the next day's version into the server's checkout; from that day
 * on, a devis sent cites it in its mentions, its client page, its mail, the CGV PDF attached and its proof of
 * acceptance, without a rebuild of the receiver; a devis sent the day before keeps the previous version.
 */

/** Noon in Paris on `day`: a sending's instant, its day unambiguous. */
const noon = (day: string) => new Date(`${day}T11:00:00Z`);

/** A version as the checkout keeps it: its date (the file's name) and its text. */
type Written = { date: string; content: CgvSnapshot };

function readVersion(dir: string, date: string): Written {
  const file = path.join(dir, CGV_VERSIONS_DIR, `${date}.json`);
  return { date, content: JSON.parse(readFileSync(file, 'utf8')) as CgvSnapshot };
}

/** The built version in force, its introduction changed: another text, as a changed price makes one. */
function changedText(): string {
  const content = cgvVersions[0]!.content;
  return cgvSnapshotText({ ...content, intro: `${content.intro} Nos prix « à partir de » ont changé.` });
}

/**
 * A checkout whose site went live `goLive`, holding one version of the CGV dated `first`; a whole receiver
 * publishing from it, mailing to a real SMTP server; and an inbox on the same store whose clock the test moves.
 */
async function receiverOnCheckout(t: TestContext, goLive: string, first: string) {
  const checkout = await tempDir('published-cgv-');
  const releases = await tempDir('published-cgv-releases-');
  t.after(async () => {
    await removeDir(checkout);
    await removeDir(releases);
  });
  const data = structuredClone(siteData) as SiteData;
  data['mise-en-ligne'].goLive.date = goLive;
  publishData(checkout, data);
  const versionsDir = path.join(checkout, CGV_VERSIONS_DIR);
  mkdirSync(versionsDir, { recursive: true });
  writeFileSync(path.join(versionsDir, `${first}.json`), cgvSnapshotText(cgvVersions[0]!.content));
  const smtp = await startSmtp();
  t.after(() => smtp.stop());
  const built = await build(t, { SMTP_URL: smtp.url, SITE_SOURCE_DIR: checkout, SITE_RELEASES_DIR: releases });
  let now = new Date();
  const inbox = buildInbox({
    config: built.app.config,
    db: built.db,
    dirs: (built.app as unknown as { dirs: Parameters<typeof buildInbox>[0]['dirs'] }).dirs,
    log: Fastify({ logger: false }).log,
    wakeOutbox: () => built.app.outbox.wake(),
    now: () => now,
  });
  t.after(() => inbox.close());
  await inbox.ready();

  /** « Envoyer » in the inbox at `at`, a member signed in then: the devis's number, id and client page. */
  const sendAt = async (at: Date) => {
    now = at;
    const { session, cookie } = await signedInMember(
      built.db,
      at.getTime(),
      'Léa Roux',
      `lea.${at.getTime()}@entreprise.test`,
    );
    const request = await requestForDevis(built.db);
    const id = await createDevis(built.db, request.id, draft(), at);
    const sent = await inbox.inject({
      method: 'POST',
      url: href.devisSend(id),
      headers: {
        cookie,
        origin: new URL(built.app.config.inboxUrl).origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ _csrf: session.csrfToken }).toString(),
    });
    assert.equal(sent.statusCode, 200, sent.body.slice(0, 500));
    const link = attribute(elements(parseHtml(sent.body), (e) => attribute(e, 'id') === 'lien')[0]!, 'value')!;
    return { id, number: (await findDevis(built.db, id))?.number ?? '', path: link.slice(siteUrl.length) };
  };
  return { checkout, versionsDir, smtp, built, sendAt };
}

/** What a sent devis cites of the CGV, everywhere a client reads it. */
async function citedBy(
  built: Awaited<ReturnType<typeof build>>,
  smtp: Smtp,
  checkout: string,
  devis: { id: number; number: string; path: string },
) {
  const mail = await waitFor(`the mail of devis ${devis.number}`, () =>
    smtp.messages.find((message) => message.subject?.includes(devis.number)),
  );
  const attached = mail.attachments.filter((file) => file.filename?.startsWith('cgv-'));
  assert.equal(attached.length, 1, 'one CGV attached');
  const pageResponse = await built.app.inject({ method: 'GET', url: devis.path });
  assert.equal(pageResponse.statusCode, 200);
  const doc = parseHtml(pageResponse.body);
  const mentions = firstElement(doc, (e) => e.name === 'section' && attribute(e, 'aria-labelledby') === 'mentions');
  const pdf = await built.app.inject({ method: 'GET', url: `${devis.path}/pdf` });
  assert.equal(pdf.statusCode, 200);
  // The client accepts it: the proof of acceptance names the CGV's date too.
  const accepted = await recordEvent(built.db, {
    devisId: devis.id,
    version: 1,
    kind: 'accepted',
    at: new Date(),
    detail: JSON.stringify({ signerName: 'Camille Durand', earlyStart: false }),
  });
  assert.ok(accepted);
  const proof = await acceptanceProof(built.db, devis.id, 1, { store: false, sourceDir: checkout });
  return {
    mailText: mail.text ?? '',
    cgvFile: attached[0]!.filename ?? '',
    cgvPdf: (await readPdf(new Uint8Array(attached[0]!.content))).text,
    page: pageResponse.body,
    footerLinks: elements(doc, (e) => e.name === 'a').map((a) => attribute(a, 'href') ?? ''),
    mentions: mentions ? textOf(mentions) : '',
    devisPdf: (await readPdf(new Uint8Array(pdf.rawPayload))).text,
    proof: (await readPdf(proof!.pdf)).text,
  };
}

/** Asserts that everything a devis says of its CGV names `version`, and not `other`. */
function assertCites(cited: Awaited<ReturnType<typeof citedBy>>, version: Written, other: Written) {
  const day = formatFrenchDay(version.date);
  assert.equal(cited.cgvFile, `cgv-${version.date}.pdf`);
  assert.ok(has(cited.cgvPdf, version.content.intro), 'the attached CGV: the version’s text');
  assert.ok(has(cited.mailText, `version du ${day}`), cited.mailText);
  assert.ok(has(cited.mentions, `version du ${day}`), cited.mentions);
  assert.ok(!has(cited.mentions, `version du ${formatFrenchDay(other.date)}`));
  assert.ok(cited.footerLinks.includes(`${siteUrl}/cgv/versions/${version.date}/`), cited.footerLinks.join(' '));
  assert.ok(has(cited.page, fillTemplate(devisClientTexts.footer.cgv, { date: day })));
  assert.ok(has(cited.devisPdf, `version du ${day}`), 'the devis’s PDF, rendered at its sending');
  assert.ok(has(cited.proof, `${proofTexts.cgv} ${day}`), cited.proof);
}

test('a devis sent on the day of a version published since the build cites it; one sent the day before keeps the previous one', async (t) => {
  // Days relative to today, all past: the go-live, the version the build knew, the publication, the next day.
  const today = isoDay(new Date());
  const goLive = addDays(today, -10);
  const published = addDays(today, -2);
  const { checkout, versionsDir, smtp, built, sendAt } = await receiverOnCheckout(t, goLive, addDays(today, -5));
  const previous = readVersion(checkout, addDays(today, -5));

  // The day of the publication, before it: the version in force.
  const before = await sendAt(noon(published));
  // The publication's CGV step (lib/cgv-snapshots.ts keepSnapshot): a new text, dated the next day.
  const kept = keepSnapshot(versionsDir, changedText(), published);
  assert.deepEqual(kept, { written: true, date: addDays(published, 1), rewritten: false });
  const next = readVersion(checkout, kept.date);
  assert.notEqual(next.content.intro, previous.content.intro);
  // The same day, after it: still the version in force that day.
  const sameDay = await sendAt(new Date(noon(published).getTime() + 3_600_000));
  // The next day: the new version, read from the checkout without a rebuild nor a restart.
  const after = await sendAt(noon(kept.date));

  const cited = {
    before: await citedBy(built, smtp, checkout, before),
    sameDay: await citedBy(built, smtp, checkout, sameDay),
    after: await citedBy(built, smtp, checkout, after),
  };
  assertCites(cited.after, next, previous);
  assert.ok(!has(cited.after.mailText, `version du ${formatFrenchDay(previous.date)}`));
  // A devis sent before keeps the version of its own day, now that a newer one is published.
  assertCites(cited.before, previous, next);
  assertCites(cited.sameDay, previous, next);
  assert.ok(!has(cited.before.cgvPdf, next.content.intro), 'not the new text');
});

test('the versions published: the built ones without a checkout, a rewritten version read again, a bad file refused', async (t) => {
  assert.equal(publishedCgvVersions(undefined), cgvVersions);
  const checkout = await tempDir('published-cgv-versions-');
  t.after(() => removeDir(checkout));
  const data = structuredClone(siteData) as SiteData;
  const today = isoDay(new Date());
  data['mise-en-ligne'].goLive.date = addDays(today, -10);
  publishData(checkout, data);
  const dir = path.join(checkout, CGV_VERSIONS_DIR);
  mkdirSync(dir, { recursive: true });
  // Written before the go-live: published dated by it (the go-live date read from the published data).
  writeFileSync(path.join(dir, `${addDays(today, -20)}.json`), cgvSnapshotText(cgvVersions[0]!.content));
  const first = publishedCgvVersions(checkout);
  assert.deepEqual(
    first.map((version) => [version.date, version.written, version.current]),
    [[addDays(today, -10), addDays(today, -20), true]],
  );
  assert.equal(publishedCgvVersions(checkout), first, 'unchanged: the same versions, not derived again');

  // A publication writes tomorrow's version, then a second one the same day rewrites it in place.
  keepSnapshot(dir, changedText(), today);
  const tomorrow = addDays(today, 1);
  assert.equal(publishedCgvVersions(checkout)[0]?.date, tomorrow);
  const rewrittenText = changedText().replace('ont changé', 'ont encore changé');
  assert.equal(keepSnapshot(dir, rewrittenText, today).date, tomorrow);
  const rewritten = readVersion(checkout, tomorrow).content;
  assert.equal(publishedCgvVersions(checkout)[0]?.content.intro, rewritten.intro);
  assert.equal(publishedCgvVersions(checkout)[1]?.until, tomorrow);

  // A file that is no version: the built ones.
  writeFileSync(path.join(dir, `${addDays(today, 2)}.json`), '{"title": 3}');
  assert.equal(publishedCgvVersions(checkout), cgvVersions);
  assert.equal(publishedCgvVersions(path.join(checkout, 'nowhere')), cgvVersions);
});
