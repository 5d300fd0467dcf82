import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { Config } from '../config';
import { isoDay, NNBSP, typeset } from '../facts';
import { REFERENCE_PATTERN } from '../requests/reference';
import { toCsv } from '../store/csv';
import { listRequests, type Db } from '../store/db';
import { storedFilePath, type Layout } from '../store/storage';
import {
  addNote,
  assign,
  erasePerson,
  notSpam,
  NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  recordExport,
  setStatus,
} from './actions';
import { listRequestsForInbox, type InboxListFilter } from './list-query';
import { activeMembers, countByEmailKey, eventsOf, requestByReference, type RequestDetail } from './queries';
import { isStatus, STATUSES, STATUSES_WITH_REASON } from '../requests/statuses';
import { EXPORT_PATH, LIST_PATH, ListPage, requestPath, SPAM_PATH } from './ui/list-page';
import { NotFoundPage } from './ui/not-found-page';
import { sendPage } from './ui/render';
import { ERASE_CONFIRMATION, RequestPage } from './ui/request-page';

/** What the pages need from the inbox (a subset of buildInbox's deps). */
export type PagesOptions = {
  config: Pick<Config, 'fromEmail'>;
  db: Db;
  dirs: Layout;
  /** Wakes the outbox worker after a mail was queued (« Ce n'est pas un spam »). */
  wakeOutbox: () => void;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
};

type Fields = Record<string, unknown>;

function one(fields: unknown, name: string): string | undefined {
  const value = (fields as Fields | undefined)?.[name];
  const text = Array.isArray(value) ? (value[0] as unknown) : value;
  return typeof text !== 'string' || text.trim() === '' ? undefined : text.trim();
}

/** The list's filter from its query string; a value the form does not offer is ignored. */
export function filterOf(query: unknown, spam: boolean): InboxListFilter {
  const status = one(query, 'statut');
  const page = Number(one(query, 'page') ?? '1');
  return {
    spam,
    status: isStatus(status) ? status : undefined,
    service: one(query, 'prestation')?.slice(0, 100),
    town: one(query, 'lieu')?.slice(0, 100),
    search: one(query, 'q')?.slice(0, 200),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The messages shown after a redirect (?fait=…), announced with role="status". */
const NOTICES: Record<string, string> = {
  statut: 'Statut enregistré.',
  note: 'Note ajoutée.',
  attribution: 'Attribution enregistrée.',
  'pas-spam': 'La demande est revenue dans la boîte de réception ; l’équipe en reçoit l’e-mail.',
  efface:
    'Effacé : les demandes de cette personne, leurs pièces jointes et leurs e-mails en attente. Pensez à supprimer aussi les e-mails déjà reçus dans la boîte de l’entreprise.',
};

function noticeOf(query: unknown): string | undefined {
  const key = one(query, 'fait');
  const notice = key === undefined ? undefined : NOTICES[key];
  return notice && typeset(notice);
}

/** Post/redirect/get: after a change, the browser loads the page again with a GET and its message. */
function redirectAfter(reply: FastifyReply, path: string, done: string): FastifyReply {
  return reply.redirect(`${path}?fait=${done}`, 303);
}

/**
 * Every private page of the inbox. Registered by the inbox's server inside its guarded scope (no
 * fastify-plugin wrapper: the guard's hook covers each route here).
 */
export default async function pages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { db, dirs } = options;
  const clock = options.now ?? (() => new Date());

  function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return sendPage(reply, createElement(NotFoundPage, { member: request.member, csrfToken: request.csrfToken }), 404);
  }

  /** The request a route names, or undefined after a 404 was sent. */
  async function found(request: FastifyRequest, reply: FastifyReply): Promise<RequestDetail | undefined> {
    const { reference } = request.params as { reference: string };
    const stored = REFERENCE_PATTERN.test(reference) ? await requestByReference(db, reference) : undefined;
    if (!stored) notFound(request, reply);
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
    const [events, members, personRequests] = await Promise.all([
      eventsOf(db, stored.id),
      activeMembers(db),
      countByEmailKey(db, stored.emailKey),
    ]);
    return sendPage(
      reply,
      createElement(RequestPage, {
        member: request.member,
        csrfToken: request.csrfToken,
        request: stored,
        events,
        members,
        personRequests,
        now: clock(),
        notice: status === 200 ? noticeOf(request.query) : undefined,
        error,
        typed,
      }),
      status,
    );
  }

  for (const [path, spam] of [
    [LIST_PATH, false],
    [SPAM_PATH, true],
  ] as const) {
    app.get(path, async (request, reply) => {
      const filter = filterOf(request.query, spam);
      const now = clock();
      const listing = await listRequestsForInbox(db, filter, now);
      return sendPage(
        reply,
        createElement(ListPage, {
          member: request.member,
          csrfToken: request.csrfToken,
          filter,
          listing,
          now,
          notice: noticeOf(request.query),
        }),
      );
    });
  }

  app.get('/gestion/demandes/:reference', async (request, reply) => {
    const stored = await found(request, reply);
    return stored ? showRequest(request, reply, stored) : reply;
  });

  app.get('/gestion/demandes/:reference/fichier', async (request, reply) => {
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
      return notFound(request, reply);
    }
    return reply
      .type(file.type)
      .header('Content-Disposition', attachment(file.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Length', file.size)
      .send(createReadStream(filePath));
  });

  app.post('/gestion/demandes/:reference/statut', async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    const status = one(request.body, 'statut');
    const reason = one(request.body, 'motif');
    if (!isStatus(status)) return showRequest(request, reply, stored, 400, 'Choisissez un statut dans la liste.');
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
    await setStatus(db, stored, status, reason, request.member.id, clock());
    return redirectAfter(reply, requestPath(stored.reference), 'statut');
  });

  app.post('/gestion/demandes/:reference/note', async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    const note = one(request.body, 'note');
    if (!note) return showRequest(request, reply, stored, 400, 'Écrivez la note avant de l’ajouter.');
    if (note.length > NOTE_MAX_LENGTH) {
      const message = `Une note tient en ${NOTE_MAX_LENGTH} caractères au plus.`;
      return showRequest(request, reply, stored, 400, message, { note });
    }
    await addNote(db, stored, note, request.member.id, clock());
    return redirectAfter(reply, requestPath(stored.reference), 'note');
  });

  app.post('/gestion/demandes/:reference/attribution', async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    const chosen = one(request.body, 'membre');
    const assignee = chosen === undefined ? undefined : (await activeMembers(db)).find((m) => String(m.id) === chosen);
    if (chosen !== undefined && !assignee) {
      return showRequest(request, reply, stored, 400, 'Choisissez un membre de l’équipe dans la liste.');
    }
    await assign(db, stored, assignee, request.member.id, clock());
    return redirectAfter(reply, requestPath(stored.reference), 'attribution');
  });

  app.post('/gestion/demandes/:reference/pas-spam', async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    if (await notSpam(db, stored, options.config.fromEmail, request.member.id, clock())) options.wakeOutbox();
    return redirectAfter(reply, requestPath(stored.reference), 'pas-spam');
  });

  app.post('/gestion/demandes/:reference/effacer', async (request, reply) => {
    const stored = await found(request, reply);
    if (!stored) return reply;
    if (one(request.body, 'confirmation')?.toUpperCase() !== ERASE_CONFIRMATION) {
      return showRequest(
        request,
        reply,
        stored,
        400,
        typeset(`Rien n’est effacé : tapez ${ERASE_CONFIRMATION} dans le champ de confirmation.`),
      );
    }
    await erasePerson(db, dirs, stored, request.member.id, clock());
    return redirectAfter(reply, LIST_PATH, 'efface');
  });

  app.get(EXPORT_PATH, async (request, reply) => {
    const rows = (await listRequests(db, { spam: false })).reverse();
    const now = clock();
    await recordExport(db, rows.length, request.member.id, now);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', attachment(`demandes-${isoDay(now)}.csv`))
      .header('X-Content-Type-Options', 'nosniff')
      .send(toCsv(rows));
  });
}

/**
 * `attachment` with the file's name: an ASCII fallback (quotes, backslashes, controls and other
 * characters replaced) and the exact name in RFC 5987's filename*, so no name can break the header.
 */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
