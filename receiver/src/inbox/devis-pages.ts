import { priceListDevisLines } from '../requests/devis/price-list';
import { publishedCompany, publishedSiteData } from '../store/site-data';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { Config } from '../config';
import { deName, devisDefaults, devisTerms, site, typeset } from '../facts';
import { devisDocumentOf } from '../documents/devis-of-version';
import { renderDevisPdf } from '../documents/render';
import { draftOf, type DevisDraft } from '../requests/devis/draft';
import type { DevisTotals } from '../requests/devis/types';
import { DEVIS_FINAL, DEVIS_OPEN_STATUSES } from '../requests/devis/statuses';
import { isDemonstration } from '../requests/devis/demonstration';
import { previewView, validateDraft } from '../requests/devis/view';
import { queuedDevisSent } from '../requests/mail-kinds';
import { type Db } from '../store/db';
import {
  createDevis,
  DevisError,
  devisOfRequest,
  findDevis,
  saveDraft,
  type StoredDevis,
} from '../store/devis-queries';
import { sendDevis } from '../store/devis-sending';
import { recordAudit } from '../store/audit';
import { frozenContentOf, sentVersionsOf } from '../store/devis-reads';
import { referenceOfRequest } from '../store/request-queries';
import { sendNotFound } from './not-found';
import devisFollowUp, { FOLLOW_UP_NOTICES, followUpView, type FollowUpForm } from './devis-follow-up';
import {
  blankLine,
  draftFromValues,
  draftTotals,
  priceListLine,
  valuesFromBody,
  valuesOf,
  type DevisFormValues,
  type FieldErrors,
} from './devis-form';
import { href, ROUTES } from './paths';
import { requestByReference, type RequestDetail } from '../store/inbox-reads';
import { DevisBody, DevisParams, EmptyBody, NoticeQuery, ReferenceParams } from './schemas';
import { signedIn } from './signed-in';
import { DevisEditorPage } from './ui/devis-editor-page';
import { DevisPreviewPage, DevisSummaryPage } from './ui/devis-page';
import { locationLabel, serviceLabel } from './ui/labels';
import { sendPage } from './ui/render';
import { telHref } from './ui/request-page';
import { devisLink } from '../delivery/devis-mails';
import { clientReminderOf } from '../store/devis-reminder';
import { REMINDER_NOTICES } from './devis-remind-route';
import { REVOCATION_NOTICES } from './devis-revoke-route';
import { linkRevocationOf } from '../store/devis-links';

export type DevisPagesOptions = {
  config: Pick<Config, 'fromEmail' | 'decennialAttestation'> & Partial<Pick<Config, 'site'>>;
  db: Db;
  wakeOutbox: () => void;
  now?: () => Date;
};

const NOTICES: Record<string, string> = {
  enregistre: 'Brouillon enregistré.',
  ligne: 'Ligne ajoutée.',
  retiree: 'Ligne retirée.',
  nouvelle: 'Nouvelle version en préparation : le client garde la version envoyée jusqu’à l’envoi de celle-ci.',
  ...FOLLOW_UP_NOTICES,
  ...REMINDER_NOTICES,
  ...REVOCATION_NOTICES,
};

/** « Envoyer » on works under the décennale while no attestation is configured. */
const NO_ATTESTATION =
  'Ce devis porte sur des travaux relevant de la garantie décennale : l’attestation d’assurance décennale doit y être jointe, et aucune n’est configurée. Demandez au responsable du serveur de la déposer (réglage QUOTE_DECENNIAL_ATTESTATION), ou décochez la case si les travaux n’en relèvent pas.';
/** Above the lines of a stored draft whose totals cannot be computed (saved before the limits were checked). */
const OUT_OF_RANGE =
  'Montant hors limites : une quantité ou un prix dépasse ce qu’un devis admet. Corrigez la ligne signalée, puis enregistrez.';

/** A new devis's draft, from its request: the client's name, e-mail, phone, town, the service and its description. */
export function draftOfRequest(request: RequestDetail): DevisDraft {
  return {
    client: {
      name: `${request.firstName} ${request.lastName}`.trim(),
      email: request.email,
      phone: request.phone,
      jobAddress: locationLabel(request.location),
      kind: 'consumer',
    },
    subject: serviceLabel(request.serviceType),
    description: request.description,
    way: 'distance',
    urgent: false,
    lines: [],
    validityDays: devisTerms.validityDays,
    paymentTerms: devisDefaults.paymentTerms,
  };
}

/** The text of the SMS the team sends from its phone, and the sms: link that fills it in. */
export function smsHref(phone: string, number: string, link: string): string {
  const body = `Bonjour, voici votre devis n° ${number} ${deName(site.name)} : ${link}`;
  return `${telHref(phone).replace(/^tel:/, 'sms:')}?&body=${encodeURIComponent(typeset(body))}`;
}

/**
 * The devis in the team's inbox: « Faire le devis » on a request, the editor (a draft saved as it is
 * typed), the preview, « Envoyer » (the version frozen with its number and PDF, and its mail
 * queued, in one transaction) and « Modifier » after sending (the next version's draft); the PDFs are
 * devis-pdf-routes.ts's. Registered in the guarded scope: no session, no page; every POST carries the token.
 */
const devisPages: FastifyPluginAsyncTypebox<DevisPagesOptions> = async (app, { config, db, wakeOutbox, now }) => {
  // The company's price list and facts as published from « Le site » (store/site-data.ts), read at each use:
  // a new devis offers today's prices and carries today's facts; a sent one keeps those it froze.
  const published = () => publishedSiteData(config.site?.sourceDir);
  const priceList = () => priceListDevisLines(published());
  // A new devis's company facts and the CGV's versions, as published.
  const company = () => publishedCompany(config.site?.sourceDir);
  const clock = now ?? (() => new Date());

  function editor(
    request: FastifyRequest,
    reply: FastifyReply,
    devis: StoredDevis,
    reference: string,
    values: DevisFormValues,
    errors: FieldErrors = {},
    notice?: string,
    totals?: DevisTotals,
    status = Object.keys(errors).length > 0 ? 400 : 200,
  ): FastifyReply {
    const { member, csrfToken } = signedIn(request);
    return sendPage(
      reply,
      createElement(DevisEditorPage, {
        member,
        csrfToken,
        devisId: devis.id,
        requestReference: reference,
        number: devis.number,
        nextVersion: devis.currentVersion + 1,
        values,
        errors,
        priceList: priceList(),
        notice,
        totals,
      }),
      status,
    );
  }

  async function summary(
    request: FastifyRequest,
    reply: FastifyReply,
    devis: StoredDevis,
    extra: {
      sent?: Parameters<typeof DevisSummaryPage>[0]['sent'];
      notice?: string;
      error?: string;
      followUp?: FollowUpForm;
    } = {},
    status = 200,
  ): Promise<FastifyReply> {
    const { member, csrfToken } = signedIn(request);
    return sendPage(
      reply,
      createElement(DevisSummaryPage, {
        member,
        csrfToken,
        devisId: devis.id,
        requestReference: await referenceOfRequest(db, devis.requestId),
        status: devis.status,
        number: devis.number,
        versions: await sentVersionsOf(db, devis.id),
        hasDraft: devis.draft !== null,
        final: DEVIS_FINAL.includes(devis.status),
        reminder: await clientReminderOf(db, devis.id, clock()),
        revocation: await linkRevocationOf(db, devis.id),
        ...extra,
        followUp: await followUpView(db, devis, clock(), extra.followUp),
      }),
      status,
    );
  }

  async function foundDevis(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
  ): Promise<StoredDevis | undefined> {
    const devis = await findDevis(db, Number(request.params.id));
    if (!devis) sendNotFound(request, reply);
    return devis;
  }

  await app.register(devisFollowUp, { db, now: clock, summary });

  // « Faire le devis »: a draft from the request, unless a devis of it is still open (then that one).
  app.post(ROUTES.requestDevis, { schema: { params: ReferenceParams, body: EmptyBody } }, async (request, reply) => {
    const stored = await requestByReference(db, request.params.reference);
    if (!stored || stored.spam) return sendNotFound(request, reply);
    const open = (await devisOfRequest(db, stored.id)).find((devis) => DEVIS_OPEN_STATUSES.includes(devis.status));
    if (open) return reply.redirect(href.devis(open.id), 303);
    const userId = signedIn(request).member.id;
    const id = await createDevis(db, stored.id, draftOfRequest(stored), clock(), userId);
    await recordAudit(db, { userId, action: 'devis_created', reference: stored.reference }, clock());
    return reply.redirect(href.devis(id), 303);
  });

  app.get(ROUTES.devis, { schema: { params: DevisParams, querystring: NoticeQuery } }, async (request, reply) => {
    const devis = await foundDevis(request, reply);
    if (!devis) return reply;
    const done = request.query.fait;
    const notice = done !== undefined && Object.hasOwn(NOTICES, done) ? typeset(NOTICES[done]!) : undefined;
    if (!devis.draft || DEVIS_FINAL.includes(devis.status)) return summary(request, reply, devis, { notice });
    const reference = await referenceOfRequest(db, devis.requestId);
    const values = valuesOf(devis.draft);
    const totals = draftTotals(devis.draft);
    if (totals !== 'out-of-range') return editor(request, reply, devis, reference, values, {}, notice, totals);
    // A draft saved before saving checked the limits: it opens, each number beyond them shown beside its field.
    const errors = {
      lines: typeset(OUT_OF_RANGE),
      ...draftFromValues(values, false, priceList()).errors,
    };
    return editor(request, reply, devis, reference, values, errors, notice, undefined, 200);
  });

  // Every button of the editor posts the whole form: nothing typed is lost, whichever is pressed.
  app.post(ROUTES.devis, { schema: { params: DevisParams, body: DevisBody } }, async (request, reply) => {
    const devis = await foundDevis(request, reply);
    if (!devis) return reply;
    if (!devis.draft || DEVIS_FINAL.includes(devis.status)) return summary(request, reply, devis, {}, 409);
    const reference = await referenceOfRequest(db, devis.requestId);
    const values = valuesFromBody(request.body as Record<string, unknown>);
    const action = request.body.action ?? 'save';
    let done = 'enregistre';
    let anchor = '';
    if (action === 'add-line' || action === 'add-price') {
      const line = action === 'add-line' ? blankLine() : priceListLine(request.body.tarif ?? '', priceList());
      if (!line) return editor(request, reply, devis, reference, values, { tarif: 'Choisissez une ligne du tarif.' });
      values.lines.push(line);
      done = 'ligne';
      anchor = `#ligne-${values.lines.length}`;
    } else if (action.startsWith('remove:')) {
      const index = Number(action.slice('remove:'.length));
      if (Number.isSafeInteger(index) && index >= 0 && index < values.lines.length) values.lines.splice(index, 1);
      done = 'retiree';
    }
    // A draft may be unfinished: saving it (or a line added or removed) asks only for readable values; the
    // preview asks for a devis ready to send (validateDraft). Refused, nothing is saved, everything comes back.
    const { draft, errors } = draftFromValues(values, action === 'preview', priceList());
    if (Object.keys(errors).length > 0) return editor(request, reply, devis, reference, values, errors);
    try {
      await saveDraft(db, devis.id, draft, clock());
    } catch (error) {
      if (error instanceof DevisError) return summary(request, reply, devis, { error: error.message }, 409);
      throw error;
    }
    if (action === 'preview') return reply.redirect(href.devisPreview(devis.id), 303);
    return reply.redirect(`${href.devis(devis.id)}?fait=${done}${anchor}`, 303);
  });

  app.get(ROUTES.devisPreview, { schema: { params: DevisParams } }, async (request, reply) => {
    const devis = await foundDevis(request, reply);
    if (!devis) return reply;
    if (!devis.draft) return reply.redirect(href.devis(devis.id), 303);
    const faults = validateDraft(devis.draft);
    const { member, csrfToken } = signedIn(request);
    return sendPage(
      reply,
      createElement(DevisPreviewPage, {
        member,
        csrfToken,
        devisId: devis.id,
        requestReference: await referenceOfRequest(db, devis.requestId),
        draft: devis.draft,
        number: devis.number,
        nextVersion: devis.currentVersion + 1,
        view: faults.length === 0 ? previewView(devis.draft, clock(), company()) : null,
        faults: faults.map((fault) => fault.message),
        demonstration: isDemonstration(company()),
      }),
    );
  });

  // « Envoyer »: the page answers the POST itself (no redirect): the link's secret is shown this once.
  app.post(ROUTES.devisSend, { schema: { params: DevisParams, body: EmptyBody } }, async (request, reply) => {
    const devis = await foundDevis(request, reply);
    if (!devis) return reply;
    const userId = signedIn(request).member.id;
    const at = clock();
    // Works under the décennale: their mail carries the attestation, which the owner must have given.
    if (devis.draft?.decennial && !config.decennialAttestation) {
      return summary(request, reply, devis, { error: typeset(NO_ATTESTATION) }, 409);
    }
    let sent;
    try {
      sent = await sendDevis(
        db,
        devis.id,
        at,
        { userId, ip: request.ip, userAgent: request.headers['user-agent'] },
        {
          pdf: (content) => renderDevisPdf(devisDocumentOf(content, { company: company() })),
          mails: (version) => [queuedDevisSent(version, config.fromEmail)],
          // While the insurer or the mediator is a sample value, a demonstration devis, stamped as such.
          demonstration: isDemonstration(company()),
          company: company(),
        },
      );
    } catch (error) {
      if (!(error instanceof DevisError)) throw error;
      const current = (await findDevis(db, devis.id)) ?? devis;
      return summary(request, reply, current, { error: error.message }, 409);
    }
    wakeOutbox();
    const reference = await referenceOfRequest(db, devis.requestId);
    await recordAudit(db, { userId, action: 'devis_sent', reference, detail: `${sent.number} v${sent.version}` }, at);
    const link = devisLink(sent.secret);
    const after = (await findDevis(db, devis.id)) ?? devis;
    return summary(request, reply, after, {
      sent: {
        number: sent.number,
        version: sent.version,
        link,
        smsHref: smsHref(sent.content.client.phone, sent.number, link),
      },
    });
  });

  // « Modifier »: the sent version's content as the next version's draft.
  app.post(ROUTES.devisEdit, { schema: { params: DevisParams, body: EmptyBody } }, async (request, reply) => {
    const devis = await foundDevis(request, reply);
    if (!devis) return reply;
    if (DEVIS_FINAL.includes(devis.status)) return summary(request, reply, devis, {}, 409);
    if (!devis.draft) {
      const content = await frozenContentOf(db, devis.id, devis.currentVersion);
      // What only a sent version has (its number, date, totals, facts, demonstration stamp) is given again
      // at the sending.
      if (content) await saveDraft(db, devis.id, draftOf(content), clock());
    }
    return reply.redirect(`${href.devis(devis.id)}?fait=nouvelle`, 303);
  });
};

export default devisPages;
