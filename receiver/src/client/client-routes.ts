import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { servedCompany } from '../delivery/mail-parts';
import { publishedCompany, publishedSite } from '../store/site-data';
import { withoutInvisible } from '../facts';
import { devisClientLimits, devisClientLinkTexts, devisClientTexts, DEVIS_CLIENT_PATH } from '../facts';
import { linkAnswers } from '../requests/devis/follow-up';
import type { CompanyFacts } from '../requests/devis/mentions';
import { devisView, rulesOf, shownDevis } from '../requests/devis/view';
import { type AcceptanceDetail } from '../requests/devis/acceptance-detail';
import { refuseDevis, withdrawDevis } from '../store/devis-answers';
import { askCode } from '../store/devis-codes';
import { afterAcceptanceOf, type FollowUpRecord } from '../store/devis-follow-up';
import { recordEvent } from '../store/devis-events';
import { sha256Hex } from '../store/devis-queries';
import { wasOpened } from '../store/devis-reads';
import { findByLink, versionPdf, type LinkedVersion } from '../store/devis-versions';
import { acceptanceBoxes, asksCapacity } from './acceptance-form';
import { clientState, withdrawalWindow } from './state';
import { codeRoutes } from './code-routes';
import {
  clientPageErrors,
  clientPageLimit,
  clientPageProtections,
  field,
  forgedPost,
  frozenText,
  NONCE_FIELD,
  send,
  waitText,
  type SecretParams,
} from './page-parts';
import { pageTokens } from './token';
import { type AcceptForm, type RefuseForm } from './ui/devis-answer-forms';
import { DevisPage } from './ui/devis-page';
import { LinkClosedPage } from './ui/link-closed-page';
import { LinkExpiredPage } from './ui/link-expired-page';
import { NotFoundPage } from './ui/not-found-page';

/**
 * The client's page of a devis, on the public listener under DEVIS_CLIENT_PATH (content/devis.ts), never
 * under the inbox's path: `/:secret` (the devis, its state, the two answers), `/:secret/pdf` (the PDF stored
 * at sending), `/:secret/accepter` (name, the signer's capacity, the form's boxes: acceptance-form.ts; a code by
 * e-mail), `/:secret/code?demande=<nonce>` (the recap and the code typed, by the request that asked for it:
 * accepted; code-routes.ts), `/:secret/refuser`, `/:secret/retracter` (a withdrawal within its period, from an accepted
 * devis). Server-rendered, no script; every answer
 * no-store, noindex, a strict CSP (only the inline style, by its hash), no referrer (the secret is in the
 * URL), no framing. An unknown or altered secret answers 404 with the same French page, whatever the
 * reason; a link past its time (requests/devis/follow-up.ts linkLastDay) answers 410, « Lien expiré », on
 * every route below it. Forms post, then redirect (post/redirect/get); each carries a signed token (token.ts) and its
 * Origin is checked as the other public endpoints do.
 */

export type ClientRoutesOptions = {
  /** The clock (tests pass their own). */
  now?: () => Date;
  /**
   * Today's company facts (the published ones by default; tests change them): read only for a version sent
   * before the facts were frozen into it (requests/devis/view.ts companyOf).
   */
  company?: () => CompanyFacts;
};

/** A link secret as sendDevis makes it: 32 random bytes, base64url (43 characters). */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** Trims, and drops control, format and direction characters (lib/text-characters.ts). */
function cleanText(value: string): string {
  return withoutInvisible(value).trim();
}

export default async function clientRoutes(app: FastifyInstance, options: ClientRoutesOptions) {
  const { config } = app;
  const clock = options.now ?? (() => new Date());
  const tokens = pageTokens();
  // The company as published when a page is served (store/site-data.ts): its phone, e-mail and mentions.
  const served = () => servedCompany(publishedSite(config.site?.sourceDir));
  // The facts a version sent before they were frozen into it shows, and the CGV's versions: today's, as published.
  const today = () => options.company?.() ?? publishedCompany(config.site?.sourceDir);

  await clientPageProtections(app);

  const notFound = (reply: FastifyReply) => send(reply, createElement(NotFoundPage, { company: served() }), 404);
  /** A link that opens nothing of the devis any more (410, Gone): why, and how to reach the company. */
  const closed = (reply: FastifyReply, why: 'revoked' | 'replaced') => {
    const texts = devisClientLinkTexts;
    const page =
      why === 'revoked'
        ? { title: texts.revokedTitle, text: texts.revoked, contact: texts.revokedContact }
        : { title: texts.replacedTitle, text: texts.replaced, contact: texts.replacedContact };
    return send(reply, createElement(LinkClosedPage, { ...page, company: served() }), 410);
  };
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  clientPageErrors(app, 'devis client page', devisClientTexts.errors.expiredForm);

  // One count per address across every form of the client's page (accept, code, refuse, withdraw): a
  // limiter made once, its store shared by the routes that use it.
  const limited = clientPageLimit(app, config.rateLimit, 'devis-client');

  /** The version a secret opens; undefined for anything else (the 404 says nothing more). */
  async function linked(secret: string): Promise<LinkedVersion | undefined> {
    if (!SECRET.test(secret)) return undefined;
    return findByLink(app.store, secret);
  }

  /**
   * Every route below `/:secret`: the version its link names, found before the handler runs (an unknown or
   * altered secret gets the 404 there), with the link's secret and the time the request is answered at.
   */
  type Link = { secret: string; version: LinkedVersion; now: Date; record: Omit<FollowUpRecord, 'payments'> };
  const links = new WeakMap<FastifyRequest, Link>();
  app.addHook('preHandler', async (request, reply) => {
    const { secret } = request.params as SecretParams['Params'];
    const version = await linked(secret);
    if (!version) return notFound(reply);
    // Withdrawn by the team, or to a replaced version: nothing of the devis, on every route (the PDF included).
    if (version.revoked) return closed(reply, 'revoked');
    if (version.version !== version.currentVersion) return closed(reply, 'replaced');
    const now = clock();
    // A link answers for a set time (requests/devis/follow-up.ts linkLastDay), then only « lien expiré »:
    // every route below it, the PDF and the forms included.
    const record = await afterAcceptanceOf(app.store, version.devisId);
    const answers = linkAnswers(
      {
        status: version.status,
        replaced: version.version !== version.currentVersion,
        validUntil: version.validUntil,
        rule: rulesOf(version.content).withdrawal,
        ...(record.accepted?.version === version.version ? { after: record.accepted } : {}),
        ...(record.withdrawnAt ? { withdrawnAt: record.withdrawnAt } : {}),
      },
      now,
    );
    if (!answers) return send(reply, createElement(LinkExpiredPage, { company: served() }), 410);
    links.set(request, { secret, version, now, record });
  });
  const linkOf = (request: FastifyRequest) => links.get(request) as Link;

  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) || undefined,
  });

  /** A form's POST: from one of our pages (Origin), with the token of a page of this very link. */
  const forged = (request: FastifyRequest, link: string, now: Date) =>
    forgedPost(request, config.allowedOrigins, tokens, link, now);

  function refuseForged(reply: FastifyReply) {
    return reply.code(403).type('text/plain; charset=utf-8').send(devisClientTexts.errors.expiredForm);
  }

  /** Whether the client may still withdraw online from this accepted version, and until when. */
  function withdrawal(link: Link) {
    const { version, record, now } = link;
    const after = record.accepted?.version === version.version ? record.accepted : undefined;
    return withdrawalWindow(version.content, after, now);
  }

  async function page(
    reply: FastifyReply,
    link: Link,
    forms: { accept?: AcceptForm; refuse?: RefuseForm; withdrawErrors?: string[] } = {},
    status = 200,
  ) {
    const { secret, version, now } = link;
    const state = clientState(version, now);
    const period: ReturnType<typeof withdrawal> = state.kind === 'accepted' ? withdrawal(link) : { open: false };
    return send(
      reply,
      createElement(DevisPage, {
        base: `${DEVIS_CLIENT_PATH}/${secret}`,
        // The characters the PDF draws (shownDevis), from the content and the facts frozen at sending.
        content: shownDevis(version.content),
        view: devisView(shownDevis(version.content), today()),
        state,
        ...(period.open ? { withdrawal: { lastDay: period.lastDay, errors: forms.withdrawErrors ?? [] } } : {}),
        ...(period.lostOn ? { withdrawalLostOn: period.lostOn } : {}),
        hasPdf: version.pdfSha256 !== null,
        validUntil: version.validUntil,
        token: tokens.issue(sha256Hex(secret), now),
        company: served(),
        accept: forms.accept,
        refuse: forms.refuse,
      }),
      status,
    );
  }

  app.get<SecretParams>('/:secret', async (request, reply) => {
    const { version, now } = linkOf(request);
    // The first view of a version is recorded (time, address, browser), and the devis becomes « Vu ».
    if (request.method === 'GET') {
      if (!(await wasOpened(app.store, version.devisId, version.version))) {
        await recordEvent(app.store, {
          devisId: version.devisId,
          version: version.version,
          kind: 'opened',
          at: now,
          ...meta(request),
        });
      }
    }
    return page(reply, linkOf(request));
  });

  app.get<SecretParams>('/:secret/pdf', async (request, reply) => {
    const { version } = linkOf(request);
    const pdf = await versionPdf(app.store, version.devisId, version.version);
    if (!pdf) return notFound(reply);
    return reply
      .type('application/pdf')
      .header(
        'content-disposition',
        contentDisposition(`devis-${version.content.number}-v${version.version}.pdf`, { type: 'inline' }),
      )
      .send(Buffer.from(pdf));
  });

  app.post<SecretParams>('/:secret/accepter', limited, async (request, reply) => {
    const { secret, version, now } = linkOf(request);
    if (forged(request, sha256Hex(secret), now)) return refuseForged(reply);
    if (clientState(version, now).kind !== 'awaiting') return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
    const content = version.content;
    const boxes = acceptanceBoxes(content, devisView(content, today()));
    // Only the boxes the form shows count; each unticked unless the client ticks it.
    const ticked = boxes.filter((box) => field(request.body, box.field) === 'oui');
    const accept: AcceptForm = {
      name: cleanText(field(request.body, 'nom')).replace(/\s+/g, ' '),
      capacity: asksCapacity(content) ? cleanText(field(request.body, 'qualite')).replace(/\s+/g, ' ') : '',
      ticked: ticked.map((box) => box.id),
      missing: boxes.filter((box) => box.required !== undefined && !ticked.includes(box)).map((box) => box.id),
      errors: [],
    };
    if (accept.name === '' || accept.name.length > devisClientLimits.name)
      accept.errors.push(devisClientTexts.errors.name);
    if (asksCapacity(content) && (accept.capacity === '' || accept.capacity.length > devisClientLimits.capacity))
      accept.errors.push(devisClientTexts.errors.capacity);
    for (const box of boxes) if (box.required && accept.missing.includes(box.id)) accept.errors.push(box.required);
    if (accept.errors.length > 0) return page(reply, linkOf(request), { accept }, 400);
    const detail: AcceptanceDetail = {
      signerName: accept.name,
      earlyStart: accept.ticked.includes('debut-anticipe'),
      ...(asksCapacity(content) ? { signerCapacity: accept.capacity } : {}),
      boxes: boxes.map((box) => ({ id: box.id, text: box.text, checked: ticked.includes(box) })),
      codeSentTo: content.client.email,
    };
    const asked = await askCode(app.store, version, detail, meta(request), now, config.fromEmail);
    if (!asked.ok) {
      if (asked.reason === 'closed') return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
      // At the caps, the team's notice may have just been queued.
      if (asked.reason === 'frozen') app.outbox.wake();
      const error =
        asked.reason === 'wait'
          ? waitText(asked.minutes)
          : asked.reason === 'frozen'
            ? frozenText(served().site.phone)
            : devisClientTexts.errors.tooManyCodes;
      return page(reply, linkOf(request), { accept: { ...accept, errors: [error] } }, 429);
    }
    app.outbox.wake();
    // The request's own nonce goes back with the code page's address: only this browser can confirm it.
    return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}/code?${NONCE_FIELD}=${asked.nonce}`, 303);
  });

  codeRoutes(app, { linkOf, forged, refuseForged, meta, limited, tokens, served });

  app.post<SecretParams>('/:secret/retracter', limited, async (request, reply) => {
    const { secret, version, now } = linkOf(request);
    if (forged(request, sha256Hex(secret), now)) return refuseForged(reply);
    const open = clientState(version, now).kind === 'accepted' && withdrawal(linkOf(request)).open;
    if (!open) return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
    if (field(request.body, 'confirmer') !== 'oui') {
      return page(reply, linkOf(request), { withdrawErrors: [devisClientTexts.errors.withdrawConfirm] }, 400);
    }
    if (await withdrawDevis(app.store, version, meta(request), now, config.fromEmail)) app.outbox.wake();
    return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
  });

  app.post<SecretParams>('/:secret/refuser', limited, async (request, reply) => {
    const { secret, version, now } = linkOf(request);
    if (forged(request, sha256Hex(secret), now)) return refuseForged(reply);
    if (clientState(version, now).kind !== 'awaiting') return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
    const reason = cleanText(field(request.body, 'motif'));
    if (reason.length > devisClientLimits.reason) {
      return page(reply, linkOf(request), { refuse: { reason, errors: [devisClientTexts.errors.reason] } }, 400);
    }
    if (await refuseDevis(app.store, version, reason, meta(request), now, config.fromEmail)) app.outbox.wake();
    return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
  });
}
