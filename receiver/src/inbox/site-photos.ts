import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { checkData, PHOTO_MAX_BYTES, photoPlaces, photosDataFile, photoUploadMessages } from '../facts';
import { photoPath, type SiteFile } from '../publish/files';
import type { Db } from '../store/db';
import { saveSitePhotoDraft, sitePhotoDrafts } from '../store/site-photos';
import { FORGED_FORM, sameSecret } from './csrf';
import { href, ROUTES } from './paths';
import { signedIn } from './signed-in';
import type { FieldChange } from './site-changes';
import type { SitePublishing } from './site-routes';
import { sendPage } from './ui/render';
import { SitePhotosPage, type PhotoPlaceView } from './ui/site-photos';

/**
 * « Photos » under « Le site » (managers only: registered inside site-routes.ts, behind its check). Each place
 * of the site that shows a photo (content/data/photos.json names them, its schema titles them) gets a form:
 * a new photo from the phone's camera or gallery, and its alternative text, required. The file is read
 * whole (at most PHOTO_MAX_BYTES), then the checkout decodes it, whatever its name or announced type, and
 * re-encodes it without metadata (publish/photo.ts): a file that does not decode, or too narrow for its
 * place, is refused in French beside its field, and nothing is saved. A saved photo is a draft
 * (store/site-photos.ts) that waits for « Publier » with the pages' drafts: what differs from the checkout
 * (the original's bytes, the text) is listed on the index and published, written into content/photos/ and
 * content/data/photos.json, where the build's photo pipeline reads them.
 *
 * The form is multipart, so its body is not parsed before the inbox's anti-forgery hook: the route is marked
 * `readsOwnCsrf` and checks the token itself once the body is read, before it acts on anything.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart form whose route checks the anti-forgery token itself (server.ts). */
    readsOwnCsrf?: boolean;
  }
}

type Place = (typeof photoPlaces)[number];
type AltSchema = { properties: { alt: { title: string; description?: string } } };

const PhotoParams = Type.Object({ photo: Type.Union(photoPlaces.map((place) => Type.Literal(place.key))) });
const NoticeQuery = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 40 })) });

const altSchemaOf = (key: string) =>
  (photosDataFile.schema.properties as unknown as Record<string, AltSchema>)[key]!.properties.alt;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Field names of a place's form. */
const photoField = (key: string) => `${key}/photo`;
const altField = (key: string) => `${key}/alt`;

export type PhotoRoutesOptions = { db: Db; publishing: SitePublishing; now: () => Date };

/**
 * What waits to be published of the photos: each place whose draft differs from the checkout, its changes
 * (as the index, the commit and the audit list them) and the files to write: the new originals and the
 * alt texts' file. Nothing when no draft differs.
 */
export async function pendingPhotos(
  db: Db,
  publishing: SitePublishing,
): Promise<{ changes: FieldChange[]; files: SiteFile[]; byPlace: Map<string, FieldChange[]> }> {
  const drafts = await sitePhotoDrafts(db);
  const alts = structuredClone(await publishing.photos.liveAlts()) as Record<string, { alt: string }>;
  const byPlace = new Map<string, FieldChange[]>();
  const files: SiteFile[] = [];
  for (const place of photoPlaces) {
    const draft = drafts.get(place.key);
    if (!draft) continue;
    const changes: FieldChange[] = [];
    if (draft.jpeg) {
      const live = await publishing.photos.liveOriginal(place.key);
      if (!live || sha256(live) !== sha256(draft.jpeg)) {
        changes.push({
          field: `${place.title} › Photo`,
          from: live ? 'la photo en ligne' : 'photo de banque d’images',
          to: `nouvelle photo, ${draft.width} × ${draft.height} pixels`,
        });
        files.push({ path: photoPath(place.key), bytes: draft.jpeg });
      }
    }
    const live = alts[place.key]!;
    if (draft.alt !== live.alt) {
      changes.push({ field: `${place.title} › ${altSchemaOf(place.key).title}`, from: live.alt, to: draft.alt });
      live.alt = draft.alt;
    }
    if (changes.length > 0) byPlace.set(place.key, changes);
  }
  const changes = [...byPlace.values()].flat();
  if (changes.length > 0) files.push({ path: photosDataFile.file, json: alts });
  return { changes, files, byPlace };
}

/** A refusal of a place's form: its field, its French message, what was typed. */
class PhotoRefusal extends Error {
  constructor(
    readonly status: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The body of a place's form: its token, its text, its file (undefined when none was chosen). */
type PhotoForm = { csrf?: string; alt?: string; file?: Buffer };

/**
 * Reads the multipart body: `_csrf`, the text, the file (at most PHOTO_MAX_BYTES: past that, refused in
 * French). Any other part is ignored. A file part without a name or bytes is « no file chosen ».
 */
async function readPhotoForm(request: FastifyRequest, place: Place): Promise<PhotoForm> {
  const form: PhotoForm = {};
  const errors = request.server.multipartErrors;
  const parts = request.parts({
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 4096, headerPairs: 100 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== photoField(place.key)) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.filename !== '' || bytes.length > 0) form.file = bytes;
      } else if (part.fieldname === '_csrf') {
        form.csrf = String(part.value);
      } else if (part.fieldname === altField(place.key)) {
        form.alt = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof errors.RequestFileTooLargeError) {
      throw new PhotoRefusal(413, photoField(place.key), photoUploadMessages.tooLarge);
    }
    throw error;
  }
  return form;
}

/**
 * After a refusal in the middle of the body, the rest is read and dropped (up to a limit), so the phone
 * reads the answer instead of a reset connection; past the limit the connection closes after the answer.
 */
async function drain(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  reply.header('connection', 'close');
  await new Promise<void>((resolve) => {
    let seen = 0;
    const done = () => {
      raw.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 2 * 1024 * 1024) done();
    };
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
}

const photoRoutes: FastifyPluginAsyncTypebox<PhotoRoutesOptions> = async (app, { db, publishing, now }) => {
  // The multipart parser for these routes alone (this plugin is not wrapped in fastify-plugin): no other
  // page of the inbox takes a file.
  await app.register(multipart, { throwFileSizeLimit: true });
  /** The page, each place with its text (as typed after a refusal) and what waits to be published. */
  async function showPhotos(
    request: FastifyRequest,
    reply: FastifyReply,
    shown: { notice?: string; errors?: Record<string, string>; typed?: { key: string; alt: string }; status?: number },
  ) {
    const { member, csrfToken } = signedIn(request);
    const [drafts, alts, pending] = await Promise.all([
      sitePhotoDrafts(db),
      publishing.photos.liveAlts(),
      pendingPhotos(db, publishing),
    ]);
    const places: PhotoPlaceView[] = await Promise.all(
      photoPlaces.map(async (place) => {
        const draft = drafts.get(place.key);
        const liveAlt = (alts as Record<string, { alt: string }>)[place.key]!.alt;
        const hasPhoto = Boolean(draft?.thumbnail) || (await publishing.photos.liveThumbnail(place.key)) !== undefined;
        const schema = altSchemaOf(place.key);
        return {
          key: place.key,
          title: place.title,
          minWidth: place.minWidth,
          alt: shown.typed?.key === place.key ? shown.typed.alt : (draft?.alt ?? liveAlt),
          altLabel: schema.title,
          altHint: schema.description,
          thumbnail: hasPhoto ? `${href.sitePhotoThumbnail(place.key)}?v=${draft?.savedAt ?? 'en-ligne'}` : undefined,
          pending: (pending.byPlace.get(place.key) ?? []).map(
            (change) => `${change.field} : « ${change.from} » → « ${change.to} »`,
          ),
        };
      }),
    );
    return sendPage(
      reply,
      createElement(SitePhotosPage, {
        member,
        csrfToken,
        notice: shown.notice,
        unavailable: publishing.photos.unavailable,
        places,
        errors: shown.errors ?? {},
      }),
      shown.status ?? 200,
    );
  }

  app.get(ROUTES.sitePhotos, { schema: { querystring: NoticeQuery } }, async (request, reply) =>
    showPhotos(request, reply, { notice: request.query.fait === 'photo' ? photoUploadMessages.saved : undefined }),
  );

  app.post(
    ROUTES.sitePhoto,
    { schema: { params: PhotoParams }, config: { readsOwnCsrf: true } },
    async (request, reply) => {
      const place = photoPlaces.find((candidate) => candidate.key === request.params.photo)!;
      const { member, csrfToken } = signedIn(request);
      const refused = (refusal: PhotoRefusal, alt: string) =>
        showPhotos(request, reply, {
          errors: { [refusal.field]: refusal.message },
          typed: { key: place.key, alt },
          status: refusal.status,
        });
      if (!request.isMultipart()) {
        return refused(new PhotoRefusal(415, photoField(place.key), photoUploadMessages.noFile), '');
      }
      let form: PhotoForm;
      try {
        form = await readPhotoForm(request, place);
      } catch (error) {
        await drain(request, reply);
        if (!(error instanceof PhotoRefusal)) throw error;
        return refused(error, '');
      }
      // The token first: a forged form is refused as such, whatever it sent.
      if (form.csrf === undefined || !sameSecret(form.csrf, csrfToken))
        return reply.code(403).type('text/plain; charset=utf-8').send(FORGED_FORM);
      if (publishing.photos.unavailable) {
        return refused(new PhotoRefusal(409, photoField(place.key), publishing.photos.unavailable), form.alt ?? '');
      }
      const alt = (form.alt ?? '').trim();
      const altProblems = checkData(
        photosDataFile.schema.properties[place.key as keyof typeof photosDataFile.schema.properties],
        { alt },
      );
      if (altProblems.length > 0) {
        const message =
          alt === '' ? (form.file ? photoUploadMessages.altMissing : altProblems[0]!.message) : altProblems[0]!.message;
        return refused(new PhotoRefusal(422, altField(place.key), message), form.alt ?? '');
      }
      if (!form.file) {
        const liveAlt = (await publishing.photos.liveAlts()) as Record<string, { alt: string }>;
        const draft = (await sitePhotoDrafts(db)).get(place.key);
        if (alt === (draft?.alt ?? liveAlt[place.key]!.alt)) {
          return refused(new PhotoRefusal(422, photoField(place.key), photoUploadMessages.noFile), form.alt ?? '');
        }
        await saveSitePhotoDraft(db, { photo: place.key, alt, userId: member.id }, now());
        return reply.redirect(`${href.sitePhotos}?fait=photo`, 303);
      }
      const prepared = await publishing.photos.prepare(form.file);
      if (!prepared.ok) {
        return refused(new PhotoRefusal(422, photoField(place.key), photoUploadMessages.notAnImage), form.alt ?? '');
      }
      if (prepared.width < place.minWidth) {
        const message = photoUploadMessages.tooSmall(prepared.width, prepared.height, place.minWidth);
        return refused(new PhotoRefusal(422, photoField(place.key), message), form.alt ?? '');
      }
      await saveSitePhotoDraft(db, { photo: place.key, alt, image: prepared, userId: member.id }, now());
      return reply.redirect(`${href.sitePhotos}?fait=photo`, 303);
    },
  );

  /** A place's small view: the saved photo's, else the smallest copy the site online serves. */
  app.get(ROUTES.sitePhotoThumbnail, { schema: { params: PhotoParams } }, async (request, reply) => {
    const draft = (await sitePhotoDrafts(db)).get(request.params.photo);
    if (draft?.thumbnail) return reply.type('image/jpeg').send(draft.thumbnail);
    const live = await publishing.photos.liveThumbnail(request.params.photo);
    if (!live) return reply.code(404).type('text/plain; charset=utf-8').send('Pas de photo de l’entreprise ici.');
    return reply.type('image/webp').send(await readFile(live));
  });
};

export default photoRoutes;
