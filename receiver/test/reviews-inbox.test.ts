import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { attribute, elements, textOf } from '../../scripts/html';
import {
  addDays,
  formatFrenchDay,
  isoDay,
  reviewMailTexts,
  reviewRules,
  reviewsDataFile,
  site,
  typeset,
} from '../src/facts';
import { queueReviewRequests } from '../src/delivery/review-requests';
import { href } from '../src/inbox/paths';
import { publishBy } from '../src/inbox/ui/reviews-page';
import { latestPublications } from '../src/publish/engine';
import { publishReviewsIfDue } from '../src/publish/reviews';
import { readAudit } from '../src/store/audit';
import type { Db } from '../src/store/db';
import { recordFollowUpDay } from '../src/store/devis-follow-up';
import { beginPublication, finishPublication } from '../src/store/publications';
import { purgeExpiredReviews, refuseReview, reviewsSiteState } from '../src/store/review-moderation';
import { optedOut, optOut, saveReview } from '../src/store/reviews';
import { accessReport } from '../src/inbox/access-report';
import { mailboxKey } from '../src/email';
import { clientApp } from './devis-client-helpers';
import { acceptedDevis, type Sent } from './factories';
import { tool, waitFor } from './helpers';
import { NOW, page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { testSite, type TestSite } from './publish-site';

/**
 * « Avis » in the inbox (docs/avis.md) on a real publication engine and a real git checkout (publish-site.ts):
 * a negative review published like any other, content/data/avis.json committed with it as the member; the
 * public answer; a refusal needs a reason, mails it (a real SMTP server) and takes a published review off the
 * site; a « Publier » during another publication is carried by the next one; the erasure of the client and
 * the retention take the review off the site.
 */

const WORK_DAY = '2026-11-20';

/** A text as compared here: no-break spaces read as spaces (the pages' typography is the helpers'). */
const flat = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const negative = { rating: 1, text: 'Chantier laissé sale et deux jours de retard sans prévenir.', name: 'Paul R.' };

/** A devis accepted, its works done on WORK_DAY, its request sent, and the client's review stored at `at`. */
async function reviewed(db: Db, fromEmail: string, review = negative, at = NOW): Promise<Sent> {
  const sent = await acceptedDevis(db, new Date('2026-11-02T09:00:00Z'), new Date('2026-11-03T09:00:00Z'));
  assert.ok(
    await recordFollowUpDay(
      db,
      { devisId: sent.devisId, version: 1, kind: 'work_completed', day: WORK_DAY, userId: 1 },
      new Date(`${WORK_DAY}T17:00:00Z`),
    ),
  );
  await queueReviewRequests(db, fromEmail, new Date(`${addDays(WORK_DAY, reviewRules.requestAfterDays)}T09:00:00Z`));
  assert.ok(await saveReview(db, sent.devisId, review, at, addDays(WORK_DAY, 4)), 'the review stored');
  return sent;
}

async function reviewIdOf(db: Db, devisId: number): Promise<number> {
  const result = await db.execute({ sql: 'SELECT id FROM reviews WHERE devis_id = ?', args: [devisId] });
  return Number(result.rows[0]?.id);
}

async function siteWithInbox(t: TestContext): Promise<{ site: TestSite; pages: Pages }> {
  const site = await testSite();
  t.after(() => site.remove());
  const pages = await pagesApp(t, NOW, {}, (db) => ({ ...site.deps, db }));
  return { site, pages };
}

async function settled(pages: Pages) {
  return waitFor('the publication to end', async () => {
    const [latest] = await latestPublications(pages.db, 1);
    return latest && !latest.running ? latest : undefined;
  });
}

/** content/data/avis.json as the checkout's last commit holds it. */
function committedReviews(site: TestSite): { reviews: { rating: number; text: string; answer?: { text: string } }[] } {
  return JSON.parse(site.gitIn('show', `HEAD:${reviewsDataFile.file}`)) as ReturnType<typeof committedReviews>;
}

test('the end of the works is one tap: a day field set to today and one button; it starts the review request', async (t) => {
  const pages = await pagesApp(t);
  const sent = await acceptedDevis(pages.db, new Date('2026-11-02T09:00:00Z'), new Date('2026-11-03T09:00:00Z'));
  const devisPage = page(await pages.get(href.devis(sent.devisId)));
  const form = elements(
    devisPage,
    (element) =>
      element.name === 'form' &&
      elements(element, (input) => attribute(input, 'name') === 'action' && attribute(input, 'value') === 'work')
        .length > 0,
  )[0];
  assert.ok(form, 'the form of the end of the works');
  const fields = elements(form, (element) => element.name === 'input' && attribute(element, 'type') !== 'hidden');
  assert.deepEqual(
    fields.map((field) => [attribute(field, 'type'), attribute(field, 'value'), attribute(field, 'checked')]),
    [
      ['date', isoDay(NOW), undefined],
      ['checkbox', 'oui', undefined],
    ],
    'the day, today by default, and an unticked box',
  );
  assert.equal(elements(form, (element) => element.name === 'button').length, 1);
  assert.ok(flat(textOf(form)).includes('une seule demande d’avis'));
  // The tap: the form as it is.
  const tapped = await pages.post(href.devisFollowUp(sent.devisId), { action: 'work', date: isoDay(NOW) });
  assert.equal(tapped.statusCode, 303);
  const queued = await queueReviewRequests(
    pages.db,
    'no-reply@entreprise.test',
    new Date(`${addDays(isoDay(NOW), reviewRules.requestAfterDays)}T09:00:00Z`),
  );
  assert.equal(queued.length, 1);
});

test('a client who asked the team not to be asked for a review: the box at the end of the works, no request', async (t) => {
  const pages = await pagesApp(t);
  const sent = await acceptedDevis(pages.db, new Date('2026-11-02T09:00:00Z'), new Date('2026-11-03T09:00:00Z'));
  const tapped = await pages.post(href.devisFollowUp(sent.devisId), {
    action: 'work',
    date: isoDay(NOW),
    sans_avis: 'oui',
  });
  assert.equal(tapped.statusCode, 303);
  const due = new Date(`${addDays(isoDay(NOW), reviewRules.requestAfterDays)}T09:00:00Z`);
  assert.deepEqual(await queueReviewRequests(pages.db, 'no-reply@entreprise.test', due), []);
  assert.ok(await optedOut(pages.db, mailboxKey(sent.content.client.email)), 'recorded as the mail’s own opt-out');
  // A later devis of the same client gets none either.
  const later = await acceptedDevis(pages.db, new Date('2026-11-04T09:00:00Z'), new Date('2026-11-05T09:00:00Z'));
  await pages.post(href.devisFollowUp(later.devisId), { action: 'work', date: isoDay(NOW) });
  assert.deepEqual(await queueReviewRequests(pages.db, 'no-reply@entreprise.test', due), []);
});

test('the right of access lists the person’s reviews and their refusal of review requests', async (t) => {
  const pages = await pagesApp(t);
  const sent = await reviewed(pages.db, 'no-reply@entreprise.test');
  const email = sent.content.client.email;
  await optOut(pages.db, mailboxKey(email), NOW);
  const report = flat((await accessReport(pages.db, email, NOW, site)).text);
  assert.ok(report.includes(negative.text), report);
  assert.ok(report.includes(`1/${reviewRules.rating.max}, signé « ${negative.name} »`), report);
  assert.ok(report.includes('Demandes d’avis : refusées depuis le'), report);
});

describe('« Avis » in the inbox', () => {
  test('a negative review listed with its delay, published: avis.json committed by the real engine as the member', async (t) => {
    const { site, pages } = await siteWithInbox(t);
    const sent = await reviewed(pages.db, 'no-reply@entreprise.test');
    const list = await pages.get(href.reviews);
    assert.equal(list.statusCode, 200);
    const text = flat(textOf(page(list)));
    assert.ok(text.includes(negative.text) && text.includes(sent.number), text.slice(0, 600));
    assert.ok(text.includes(flat(`à publier avant le ${formatFrenchDay(publishBy(NOW.toISOString()))}`)), text);

    const id = await reviewIdOf(pages.db, sent.devisId);
    const published = await pages.post(href.reviewPublish(id));
    assert.equal(published.statusCode, 303);
    const publication = await settled(pages);
    assert.equal(publication.stage, 'en-ligne', publication.error);
    assert.deepEqual(
      committedReviews(site).reviews.map((review) => [review.rating, review.text]),
      [[1, negative.text]],
    );
    assert.equal(site.gitIn('log', '-1', '--format=%an'), pages.member.name);
    // Only the reviews' file: nothing else of the checkout changed.
    assert.deepEqual(site.gitIn('show', '--name-only', '--format=', 'HEAD').split('\n'), [reviewsDataFile.file]);
    const actions = (await readAudit(pages.db)).map((row) => row.action);
    assert.ok(actions.includes('review_published') && actions.includes('site_published'), actions.join());
    const state = await reviewsSiteState(pages.db);
    assert.equal(state.publishedGeneration, state.generation, 'nothing left to publish');

    // The public answer goes online under it.
    const answer = 'Nous sommes désolés : nous vous avons rappelé pour reprendre le nettoyage.';
    assert.equal((await pages.post(href.reviewAnswer(id), { reponse: answer })).statusCode, 303);
    assert.equal((await settled(pages)).stage, 'en-ligne');
    await waitFor('the answer online', () => committedReviews(site).reviews[0]?.answer?.text === answer);
  });

  test('a refusal needs a reason, takes a published review off the site and queues one mail', async (t) => {
    const { site, pages } = await siteWithInbox(t);
    const sent = await reviewed(pages.db, 'no-reply@entreprise.test');
    const id = await reviewIdOf(pages.db, sent.devisId);
    await pages.post(href.reviewPublish(id));
    await settled(pages);
    const wakes = pages.wakes();

    const missing = await pages.post(href.reviewRefuse(id), { motif: '' });
    assert.equal(missing.statusCode, 400);
    assert.ok(flat(textOf(page(missing))).includes('Choisissez le motif du refus'));
    const refused = await pages.post(href.reviewRefuse(id), { motif: reviewRules.refusalReasons[0].id });
    assert.equal(refused.statusCode, 303);
    assert.equal(pages.wakes(), wakes + 1, 'the outbox woken');
    const mails = await pages.db.execute("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'review_refused'");
    assert.equal(Number(mails.rows[0]?.n), 1);
    await waitFor('the refused review off the site', async () => {
      const latest = await settled(pages);
      return latest.stage === 'en-ligne' && committedReviews(site).reviews.length === 0;
    });
  });

  test('« Publier » while another publication runs: carried by the next one, never lost', async (t) => {
    const { site, pages } = await siteWithInbox(t);
    const sent = await reviewed(pages.db, 'no-reply@entreprise.test');
    const other = await beginPublication(
      pages.db,
      { kind: 'publication', stage: 'construction', author: site.author },
      NOW,
    );
    assert.ok(other !== undefined);
    const published = await pages.post(href.reviewPublish(await reviewIdOf(pages.db, sent.devisId)));
    assert.equal(
      flat(statusMessage(await pages.get(published.headers.location as string))),
      flat(typeset('Avis publié : il sera mis en ligne à la fin de la publication en cours.')),
    );
    await finishPublication(pages.db, other, { stage: 'echec', error: 'arrêtée' }, NOW);
    // The receiver's pass (publish-plugin.ts) finds it due.
    const started = await publishReviewsIfDue({ ...site.deps, db: pages.db });
    assert.ok(started, 'a publication of the reviews started');
    assert.equal((await started.done).stage, 'en-ligne');
    assert.equal(committedReviews(site).reviews.length, 1);
  });

  test('removed at the client’s request, or with its erased request, or past keepYears: off the site', async (t) => {
    const { site, pages } = await siteWithInbox(t);
    const reviews: Sent[] = [];
    for (const rating of [5, 1, 3]) {
      const sent = await reviewed(pages.db, 'no-reply@entreprise.test', { ...negative, rating });
      await pages.post(href.reviewPublish(await reviewIdOf(pages.db, sent.devisId)));
      await settled(pages);
      reviews.push(sent);
    }
    assert.equal(committedReviews(site).reviews.length, 3);
    const [, removed, erased] = reviews as [Sent, Sent, Sent];

    // « Retirer l'avis »: only with the box saying the client asked.
    const removedId = await reviewIdOf(pages.db, removed.devisId);
    assert.equal((await pages.post(href.reviewRemove(removedId))).statusCode, 400);
    assert.equal((await pages.post(href.reviewRemove(removedId), { demande: 'oui' })).statusCode, 303);
    assert.equal((await settled(pages)).stage, 'en-ligne');
    assert.equal(committedReviews(site).reviews.length, 2);
    assert.ok((await readAudit(pages.db)).some((row) => row.action === 'review_erased'));

    // A request erased with its devis (its contract's retention over): the review goes by the cascade.
    await pages.db.execute({ sql: 'UPDATE devis SET retain_until = NULL WHERE id = ?', args: [erased.devisId] });
    await pages.db.execute({ sql: 'DELETE FROM requests WHERE id = ?', args: [erased.requestId] });
    const started = await publishReviewsIfDue({ ...site.deps, db: pages.db });
    assert.equal((await started!.done).stage, 'en-ligne');
    assert.deepEqual(
      committedReviews(site).reviews.map((review) => review.rating),
      [5],
    );

    // keepYears after its publication, the retention removes the last one.
    const later = new Date(NOW.getTime());
    later.setUTCFullYear(later.getUTCFullYear() + reviewRules.keepYears);
    later.setUTCDate(later.getUTCDate() + 1);
    assert.equal(await purgeExpiredReviews(pages.db, later), 1);
    assert.equal((await (await publishReviewsIfDue({ ...site.deps, db: pages.db }))!.done).stage, 'en-ligne');
    assert.deepEqual(committedReviews(site).reviews, []);
  });
});

test('the owner’s erasure tool removes the review and keeps the contract; the site follows', async (t) => {
  const { site, pages } = await siteWithInbox(t);
  const sent = await reviewed(pages.db, 'no-reply@entreprise.test');
  await pages.post(href.reviewPublish(await reviewIdOf(pages.db, sent.devisId)));
  assert.equal((await settled(pages)).stage, 'en-ligne');
  assert.equal(committedReviews(site).reviews.length, 1);

  const erased = await tool('erase', ['--email', sent.content.client.email, '--yes'], pages.dataDir);
  assert.equal(erased.code, 0, erased.stderr);
  assert.match(erased.stdout, /Effacé : 1 avis/);
  assert.ok(Number.isNaN(await reviewIdOf(pages.db, sent.devisId)), 'the review erased');
  const kept = await pages.db.execute({
    sql: 'SELECT COUNT(*) AS n FROM requests WHERE id = ?',
    args: [sent.requestId],
  });
  assert.equal(Number(kept.rows[0]?.n), 1, 'the accepted request, a contract, kept');
  assert.equal((await (await publishReviewsIfDue({ ...site.deps, db: pages.db }))!.done).stage, 'en-ligne');
  assert.deepEqual(committedReviews(site).reviews, []);
});

test('the refusal’s reason reaches the reviewer by mail (real SMTP), once', async (t) => {
  const client = await clientApp(t, NOW);
  const sent = await reviewed(client.db, client.app.config.fromEmail);
  const id = await reviewIdOf(client.db, sent.devisId);
  const member = await client.db.execute(
    "INSERT INTO users (name, email, webauthn_user_id, created_at) VALUES ('Léa Roux', 'lea@entreprise.test', 'w1', '2026-11-01') RETURNING id",
  );
  const memberId = Number(member.rows[0]?.id);
  const reason = reviewRules.refusalReasons[2];
  assert.ok(await refuseReview(client.db, id, reason.id, memberId, NOW, client.app.config.fromEmail));
  assert.equal(await refuseReview(client.db, id, reason.id, memberId, NOW, client.app.config.fromEmail), false);
  client.app.outbox.wake();
  const mail = await waitFor('the refusal mail', () =>
    client.smtp.messages.find((message) => message.subject?.startsWith(reviewMailTexts.refusal.title)),
  );
  assert.ok(mail.text?.includes(reason.label), mail.text);
  assert.ok(mail.text?.includes(reviewMailTexts.refusal.intro));
  await client.app.outbox.idle();
  assert.equal(
    client.smtp.messages.filter((message) => message.subject?.startsWith(reviewMailTexts.refusal.title)).length,
    1,
  );
});
