import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkData, siteDataPages, type SiteData } from '../facts';
import { PublishError, type SiteFile } from '../publish/engine';
import type { PhotoAlts, PreparedUpload } from '../publish/photo';
import type { Db } from '../store/db';
import { resetSiteDrafts, saveSiteDraft, siteDraft, siteDrafts } from '../store/site-drafts';
import { clearSitePhotoDrafts } from '../store/site-photos';
import { sendNotFound } from './not-found';
import { href, ROUTES } from './paths';
import { signedIn } from './signed-in';
import { fieldOfProblem, formOf, readForm, type DataSchema, type RawForm } from './site-form';
import { changesBetween, type FieldChange } from './site-changes';
import photoRoutes, { pendingPhotos } from './site-photos';
import { PHOTOS_TITLE } from './ui/site-photos';
import { sendPage } from './ui/render';
import { SiteIndexPage, SitePage, SiteRefusedPage, type PublicationView } from './ui/site-pages';

/**
 * « Le site » (managers only): the site's facts edited page by page, saved as drafts (store/site-drafts.ts),
 * then published together (receiver/src/publish/, through `SitePublishing`), or the previous release put
 * back. A page's form, its check and its comparison all come from the data's schema (content/data/), the
 * same the build checks: what the owner saves here is what the build accepts.
 *
 * The live values are those of the site's checkout on this server (SITE_SOURCE_DIR), where each
 * publication commits; a draft holds a whole page. What waits to be published is the difference between the
 * two, field by field: after a publication there is none, with no flag to keep right.
 */

/** What « Le site » needs of the publication engine (publish/), given by the inbox's wiring. */
export type SitePublishing = {
  /** Why publishing is off on this server (its settings are missing); undefined when it is on. */
  unavailable?: string;
  /** The site's data as published (store/site-data.ts): the checkout's files, or the built data when off. */
  live(): SiteData;
  publish(input: {
    files: SiteFile[];
    author: { memberId: number; name: string; email: string };
    message: string;
    changes: { page: string; field: string; from: string; to: string }[];
  }): Promise<{ id: number }>;
  preview(input: {
    files: SiteFile[];
    author: { memberId: number; name: string; email: string };
  }): Promise<{ id: number }>;
  /**
   * Goes back to the previous version: waits for a switch; a return that must rebuild (docs/publication.md,
   * « Les versions des CGV ») is left running, `done` when it ends (true: online).
   */
  rollback(member: {
    memberId: number;
    name: string;
    email: string;
  }): Promise<{ rebuilding: boolean; done: Promise<boolean> }>;
  publications(): Promise<PublicationView[]>;
  running(): Promise<boolean>;
  canRollBack(): Promise<boolean>;
  /** « Photos » (site-photos.ts): the checkout prepares a sent photo, and holds the photos online. */
  photos: {
    /** Why photos cannot be replaced on this server; undefined when they can. */
    unavailable?: string;
    prepare(bytes: Buffer): Promise<PreparedUpload>;
    liveAlts(): Promise<PhotoAlts>;
    liveOriginal(key: string): Promise<Buffer | null>;
    /** The file of the smallest copy of the photo online, for the inbox's small view. */
    liveThumbnail(key: string): Promise<string | undefined>;
  };
};

export type SiteRoutesOptions = { db: Db; publishing: SitePublishing; now?: () => Date };

/** A page's form as posted: any field, each a string (the schema checks the values). */
const SitePageBody = Type.Record(Type.String({ maxLength: 300 }), Type.String({ maxLength: 20_000 }), {
  maxProperties: 2_000,
});
/** A page of « Le site » by its id: any other address is the inbox's 404, before the managers' check. */
const SitePageParams = Type.Object({ page: Type.Union(siteDataPages.map((page) => Type.Literal(page.id))) });
const NoticeQuery = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 40 })) });
const EmptyBody = Type.Object({});

/** The notices after a press (`?fait=`), post/redirect/get. */
export const SITE_NOTICES: Record<string, string> = {
  enregistre: 'Modifications enregistrées. Elles seront en ligne à la prochaine publication.',
  publication: 'Publication lancée : le site est reconstruit puis vérifié avant de remplacer la version en ligne.',
  apercu: 'Aperçu en préparation : son lien apparaît ici quand il est prêt.',
  retour: 'La version précédente est de nouveau en ligne.',
  'retour-construction':
    'Retour lancé : une version des CGV publiée depuis doit rester en ligne, le site est donc reconstruit avec les valeurs précédentes avant de remplacer la version en ligne.',
  rien: 'Aucune modification en attente : rien à publier.',
};

type Page = (typeof siteDataPages)[number];

function pageOf(id: string): Page | undefined {
  return siteDataPages.find((page) => page.id === id);
}

function schemaOf(page: Page): DataSchema {
  return page.schema as unknown as DataSchema;
}

/** Every page with its live value and its draft's (the live one when it has none). */
async function pagesWithValues(db: Db, publishing: SitePublishing) {
  const drafts = await siteDrafts(db);
  const published = publishing.live();
  return siteDataPages.map((page) => {
    const live = published[page.id];
    const value = drafts.get(page.id)?.data ?? live;
    return { page, live, value, changes: changesBetween(schemaOf(page), live, value) };
  });
}

/** The commit message of a publication: one line, then each change. */
function commitMessage(changed: { title: string; changes: FieldChange[] }[]): string {
  const titles = changed.map((page) => page.title).join(', ');
  const lines = changed.flatMap((page) =>
    page.changes.map((change) => `- ${page.title} › ${change.field} : « ${change.from} » → « ${change.to} »`),
  );
  return [`Le site : ${titles}`, '', ...lines].join('\n');
}

const siteRoutes: FastifyPluginAsyncTypebox<SiteRoutesOptions> = async (app, { db, publishing, now }) => {
  const clock = now ?? (() => new Date());

  // Managers only (a hook of this plugin: it runs for these routes alone). The session reads the flag at
  // each request, so a flag taken back takes effect at once.
  app.addHook('preHandler', async (request, reply) => {
    const { member, csrfToken } = signedIn(request);
    if (!member.manager) return sendPage(reply, createElement(SiteRefusedPage, { member, csrfToken }), 403);
  });

  /** The index, with a notice (after a press, or a refusal of the engine's). */
  async function showIndex(request: FastifyRequest, reply: FastifyReply, notice?: string, status = 200) {
    const { member, csrfToken } = signedIn(request);
    const [pages, photos] = await Promise.all([pagesWithValues(db, publishing), pendingPhotos(db, publishing)]);
    const unavailable = publishing.unavailable;
    const [publications, running, canRollBack] = unavailable
      ? [[], false, false]
      : await Promise.all([publishing.publications(), publishing.running(), publishing.canRollBack()]);
    return sendPage(
      reply,
      createElement(SiteIndexPage, {
        member,
        csrfToken,
        notice,
        unavailable,
        pages: [
          ...pages.map(({ page, changes }) => ({ id: page.id, title: page.title, changes })),
          { id: 'photos', title: PHOTOS_TITLE, changes: photos.changes },
        ],
        publications,
        running,
        canRollBack,
      }),
      status,
    );
  }

  // « Photos »: behind the same managers' check (this plugin's hook runs for its child's routes too).
  await app.register(photoRoutes, { db, publishing, now: clock });

  app.get(ROUTES.site, { schema: { querystring: NoticeQuery } }, async (request, reply) =>
    showIndex(request, reply, SITE_NOTICES[request.query.fait ?? '']),
  );

  /** Runs an engine's action; its refusal (one already running, no previous release…) is shown on the index. */
  async function engineAction(
    request: FastifyRequest,
    reply: FastifyReply,
    action: () => Promise<unknown>,
    done: string,
  ) {
    let notice = done;
    try {
      // An action may name another notice than `done` (a return left building).
      const result = await action();
      if (typeof result === 'string') notice = result;
    } catch (error) {
      if (error instanceof PublishError) return showIndex(request, reply, error.message, 409);
      throw error;
    }
    return reply.redirect(`${href.site}?fait=${notice}`, 303);
  }

  app.get(ROUTES.sitePage, { schema: { params: SitePageParams, querystring: NoticeQuery } }, async (request, reply) => {
    const page = pageOf(request.params.page);
    if (!page) return sendNotFound(request, reply);
    const { member, csrfToken } = signedIn(request);
    const draft = await siteDraft(db, page.id);
    const value = draft?.data ?? publishing.live()[page.id];
    return sendPage(
      reply,
      createElement(SitePage, {
        member,
        csrfToken,
        page: { id: page.id, title: page.title },
        nodes: formOf(schemaOf(page), value),
        errors: {},
        revision: draft?.revision ?? 0,
        notice: SITE_NOTICES[request.query.fait ?? ''],
      }),
    );
  });

  app.post(ROUTES.sitePage, { schema: { params: SitePageParams, body: SitePageBody } }, async (request, reply) => {
    const page = pageOf(request.params.page);
    if (!page) return sendNotFound(request, reply);
    const { member, csrfToken } = signedIn(request);
    const schema = schemaOf(page);
    const form = request.body as RawForm;
    const base = (await siteDraft(db, page.id))?.data ?? publishing.live()[page.id];
    const { value, raw } = readForm(schema, form, base);
    const readAt = Number(form._revision ?? 0) || 0;
    const show = (status: number, props: Partial<Parameters<typeof SitePage>[0]>) =>
      sendPage(
        reply,
        createElement(SitePage, {
          member,
          csrfToken,
          page: { id: page.id, title: page.title },
          nodes: formOf(schema, value, raw),
          errors: {},
          revision: readAt,
          ...props,
        }),
        status,
      );
    // « Ajouter » or « Retirer »: the form comes back with one row more or less, nothing saved yet.
    if (form._ajouter !== undefined || form._retirer !== undefined) return show(200, {});
    const nodes = formOf(schema, value, raw);
    const problems = checkData(page.schema, value);
    if (problems.length > 0) {
      const errors: Record<string, string> = {};
      for (const problem of problems) {
        const field = fieldOfProblem(nodes, problem.path);
        errors[field] ??= problem.message;
      }
      return show(422, { nodes, errors });
    }
    const saved = await saveSiteDraft(db, { page: page.id, data: value, readAt, userId: member.id }, clock());
    if (!saved.saved) {
      const { current } = saved;
      return show(409, {
        nodes: formOf(schema, current.data),
        revision: current.revision,
        conflict: { by: current.savedBy, at: current.savedAt, typed: changesBetween(schema, current.data, value) },
      });
    }
    return reply.redirect(`${href.site}?fait=enregistre`, 303);
  });

  /** The files and the changes of every page, and of the photos, that differ from what is live. */
  async function pending() {
    const [pages, photos] = await Promise.all([pagesWithValues(db, publishing), pendingPhotos(db, publishing)]);
    const changed = [
      ...pages.filter(({ changes }) => changes.length > 0).map(({ page, changes }) => ({ title: page.title, changes })),
      ...(photos.changes.length > 0 ? [{ title: PHOTOS_TITLE, changes: photos.changes }] : []),
    ];
    return {
      files: [...pages.map(({ page, value }): SiteFile => ({ path: page.file, json: value })), ...photos.files],
      changed,
      changes: changed.flatMap(({ title, changes }) => changes.map((change) => ({ page: title, ...change }))),
    };
  }

  const authorOf = (member: { id: number; name: string; email: string }) => ({
    memberId: member.id,
    name: member.name,
    email: member.email,
  });

  app.post(ROUTES.sitePublish, { schema: { body: EmptyBody } }, async (request, reply) => {
    const { member } = signedIn(request);
    const { files, changed, changes } = await pending();
    if (changes.length === 0) return reply.redirect(`${href.site}?fait=rien`, 303);
    const message = commitMessage(changed);
    return engineAction(
      request,
      reply,
      () => publishing.publish({ files, author: authorOf(member), message, changes }),
      'publication',
    );
  });

  app.post(ROUTES.sitePreview, { schema: { body: EmptyBody } }, async (request, reply) => {
    const { member } = signedIn(request);
    const { files } = await pending();
    return engineAction(request, reply, () => publishing.preview({ files, author: authorOf(member) }), 'apercu');
  });

  app.post(ROUTES.siteRollback, { schema: { body: EmptyBody } }, async (request, reply) => {
    const { member } = signedIn(request);
    return engineAction(
      request,
      reply,
      async () => {
        const started = await publishing.rollback(authorOf(member));
        // The pages now show what is live again: nothing the return undid waits to be published.
        const resetDrafts = async () => {
          const published = publishing.live();
          const live = siteDataPages.map((page) => ({ page: page.id, data: published[page.id] }));
          await resetSiteDrafts(db, live, member.id, clock());
          await clearSitePhotoDrafts(db);
        };
        if (!started.rebuilding) return resetDrafts();
        void started.done
          .then((online) => (online ? resetDrafts() : undefined))
          .catch((error: unknown) => request.log.error(error));
        return 'retour-construction';
      },
      'retour',
    );
  });
};

export default siteRoutes;
