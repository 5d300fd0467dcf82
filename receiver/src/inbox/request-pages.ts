import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { Config } from '../config';
import { NNBSP, typeset } from '../facts';
import { type Db } from '../store/db';
import { devisOfRequest } from '../store/devis-queries';
import { storedFilePath, type Layout } from '../store/storage';
import {
  addNote,
  assign,
  erasePerson,
  notSpam,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  setStatus,
} from '../store/request-actions';
import { sendNotFound } from './not-found';
import { listRequestsForInbox, type InboxListFilter } from '../store/inbox-list';
import {
  acceptedByEmailKey,
  activeMembers,
  countByEmailKey,
  eventsOf,
  requestByReference,
  type RequestDetail,
} from '../store/inbox-reads';
import { isStatus, STATUSES, STATUSES_WITH_REASON } from '../requests/statuses';
import { href, ROUTES } from './paths';
import {
  AssignBody,
  EmptyBody,
  EraseBody,
  ListQuery,
  NoteBody,
  NoticeQuery,
  ReferenceParams,
  StatusBody,
} from './schemas';
import { signedIn } from './signed-in';
import { ListPage } from './ui/list-page';
import { sendPage } from './ui/render';
import { isManager } from '../store/members';
import { attachment } from './data-routes';
import { ERASE_CONFIRMATION, RequestPage } from './ui/request-page';

/** What the pages need from the inbox (a subset of buildInbox's deps). */
export type RequestPagesOptions = {
  config: Pick<Config, 'fromEmail'>;
  db: Db;
  dirs: Layout;
  /** Wakes the outbox worker after a mail was queued (« Ce n'est pas un spam »). */
  wakeOutbox: () => void;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
};

/** The list's filter from its query string; a value the form does not offer is ignored. */
export function filterOf(query: ListQuery, spam: boolean): InboxListFilter {
  const text = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
  const page = Number(text(query.page) ?? '1');
  const status = text(query.statut);
  return {
    spam,
    status: isStatus(status) ? status : undefined,
    service: text(query.prestation)?.slice(0, 100),
    town: text(query.lieu)?.slice(0, 100),
    search: text(query.q)?.slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The messages shown after a redirect (?fait=…), announced with role="status". */
const NOTICES: Record<string, string> = {
  statut: 'Statut enregistré.',
  note: 'Note ajoutée.',
  attribution: 'Attribution enregistrée.',
  'pas-spam': 'La demande est revenue dans la boîte de réception ; l’équipe en recevra l’e-mail.',
  efface:
    'Effacé : les demandes de cette personne, leurs pièces jointes et leurs e-mails en attente. Pensez à supprimer aussi les e-mails déjà reçus dans la boîte de l’entreprise.',
};

export type Notice = keyof typeof NOTICES;

/** The notice a redirect names; any other word (`__proto__`, `constructor`, a typo) is ignored. */
function noticeOf(query: { fait?: string }): string | undefined {
  const key = query.fait;
  return key !== undefined && Object.hasOwn(NOTICES, key) ? typeset(NOTICES[key]!) : undefined;
}

/** Post/redirect/get: after a change, the browser loads the page again with a GET and its message. */
function redirectAfter(reply: FastifyReply, path: string, done: Notice): FastifyReply {
  return reply.redirect(`${path}?fait=${done}`, 303);
}

/**
 * The request pages: every private page of the inbox around the requests (the list, the spam, one request,
 * its status, note, assignee, « pas un spam », erasure, attachment; their downloads: data-routes.ts). Registered by the
 * inbox's server inside its guarded scope (no fastify-plugin wrapper: the guard's hook covers each route
 * here), under the inbox's prefix.
 */
const requestPages: FastifyPluginAsyncTypebox<RequestPagesOptions> = async (app, options) => {
  const { db, dirs } = options;
  const clock = options.now ?? (() => new Date());

  /** The request a route names, or undefined after a 404 was sent. */
  async function found(
    request: FastifyRequest<{ Params: { reference: string } }>,
    reply: FastifyReply,
  ): Promise<RequestDetail | undefined> {
    const stored = await requestByReference(db, request.params.reference);
    if (!stored) sendNotFound(request, reply);
    return stored;
  }

  async function showRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    stored: RequestDetail,
    status = 200,
    error?: string,
    typed?: { status?: string; reason?: string; note?: string },
  ): Promise<FastifyReply> {
    const [events, members, personRequests, personAccepted, devis] = await Promise.all([
      eventsOf(db, stored.id),
      activeMembers(db),
      countByEmailKey(db, stored.emailKey),
      acceptedByEmailKey(db, stored.emailKey),
      devisOfRequest(db, stored.id),
    ]);
    const { member, csrfToken } = signedIn(request);
    return sendPage(
      reply,
      createElement(RequestPage, {
        member,
        csrfToken,
        request: stored,
        events,
        members,
        personRequests,
        personAccepted,
        devis: devis.map((entry) => ({
          id: entry.id,
          status: entry.status,
          number: entry.number,
          version: entry.currentVersion,
        })),
        now: clock(),
        notice: status === 200 ? noticeOf(request.query as { fait?: string }) : undefined,
        error,
        typed,
      }),
      status,
    );
  }

  for (const [path, spam] of [
    [ROUTES.list, false],
    [ROUTES.spam, true],
  ] as const) {
    app.get(path, { schema: { querystring: ListQuery }, prefixTrailingSlash: 'slash' }, async (request, reply) => {
      const filter = filterOf(request.query, spam);
      const now = clock();
      const listing = await listRequestsForInbox(db, filter, now);
      const { member, csrfToken } = signedIn(request);
      return sendPage(
        reply,
        createElement(ListPage, {
          member,
          csrfToken,
          filter,
          listing,
          now,
          notice: noticeOf(request.query),
          manager: await isManager(db, member.id),
        }),
      );
    });
  }

  app.get(ROUTES.request, { schema: { params: ReferenceParams, querystring: NoticeQuery } }, async (request, reply) => {
    const stored = await found(request, reply);
    return stored ? showRequest(request, reply, stored) : reply;
  });

  app.get(ROUTES.requestFile, { schema: { params: ReferenceParams } }, async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    const file = stored.file;
    const filePath = file ? storedFilePath(dirs, file.path) : undefined;
    if (
      !file ||
      !filePath ||
      !(await access(filePath).then(
        () => true,
        () => false,
      ))
    ) {
      return sendNotFound(request, reply);
    }
    return reply
      .type(file.type)
      .header('Content-Disposition', attachment(file.name))
      .header('Content-Length', file.size)
      .send(createReadStream(filePath));
  });

  // A status outside the list fails the schema: the page says to choose one (attachValidation).
  app.post(
    ROUTES.requestStatus,
    { schema: { params: ReferenceParams, body: StatusBody }, attachValidation: true },
    async (request, reply) => {
      const stored = await found(request, reply);
      if (!stored) return reply;
      if (request.validationError) {
        return showRequest(request, reply, stored, 400, 'Choisissez un statut dans la liste.');
      }
      const status = request.body.statut;
      const reason = request.body.motif?.trim() || undefined;
      if (STATUSES_WITH_REASON.includes(status) && !reason) {
        return showRequest(
          request,
          reply,
          stored,
          400,
          `Indiquez le motif pour le statut «${NNBSP}${STATUSES[status]}${NNBSP}».`,
          { status },
        );
      }
      if (reason && reason.length > REASON_MAX_LENGTH) {
        const message = `Le motif tient en ${REASON_MAX_LENGTH} caractères au plus.`;
        return showRequest(request, reply, stored, 400, message, { status, reason });
      }
      await setStatus(db, stored, status, reason, signedIn(request).member.id, clock());
      return redirectAfter(reply, href.request(stored.reference), 'statut');
    },
  );

  app.post(ROUTES.requestNote, { schema: { params: ReferenceParams, body: NoteBody } }, async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    const note = request.body.note?.trim();
    if (!note) return showRequest(request, reply, stored, 400, 'Écrivez la note avant de l’ajouter.');
    if (note.length > NOTE_MAX_LENGTH) {
      const message = `Une note tient en ${NOTE_MAX_LENGTH} caractères au plus.`;
      return showRequest(request, reply, stored, 400, message, { note });
    }
    await addNote(db, stored, note, signedIn(request).member.id, clock());
    return redirectAfter(reply, href.request(stored.reference), 'note');
  });

  app.post(
    ROUTES.requestAssign,
    { schema: { params: ReferenceParams, body: AssignBody }, attachValidation: true },
    async (request, reply) => {
      const stored = await found(request, reply);
      if (!stored) return reply;
      const chosen = request.validationError ? 'invalid' : request.body.membre?.trim() || undefined;
      const assignee =
        chosen === undefined ? undefined : (await activeMembers(db)).find((m) => String(m.id) === chosen);
      if (chosen !== undefined && !assignee) {
        return showRequest(request, reply, stored, 400, 'Choisissez un membre de l’équipe dans la liste.');
      }
      await assign(db, stored, assignee, signedIn(request).member.id, clock());
      return redirectAfter(reply, href.request(stored.reference), 'attribution');
    },
  );

  app.post(ROUTES.requestNotSpam, { schema: { params: ReferenceParams, body: EmptyBody } }, async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    const notified = await notSpam(db, stored, options.config.fromEmail, signedIn(request).member.id, clock());
    if (notified) options.wakeOutbox();
    return redirectAfter(reply, href.request(stored.reference), 'pas-spam');
  });

  app.post(
    ROUTES.requestErase,
    { schema: { params: ReferenceParams, body: EraseBody }, attachValidation: true },
    async (request, reply) => {
      const stored = await found(request, reply);
      if (!stored) return reply;
      const typed = request.validationError ? undefined : request.body.confirmation;
      if (typed?.trim().toUpperCase() !== ERASE_CONFIRMATION) {
        return showRequest(
          request,
          reply,
          stored,
          400,
          typeset(`Rien n’est effacé : tapez ${ERASE_CONFIRMATION} dans le champ de confirmation.`),
        );
      }
      // A contract the company must keep: refused here, the owner decides (the page says why).
      if ((await acceptedByEmailKey(db, stored.emailKey)) > 0) {
        return showRequest(
          request,
          reply,
          stored,
          409,
          typeset('Rien n’est effacé : une demande « Acceptée » documente un contrat ; transmettez au responsable.'),
        );
      }
      await erasePerson(db, dirs, stored, signedIn(request).member.id, clock());
      return redirectAfter(reply, href.list, 'efface');
    },
  );
};

export default requestPages;
