import type { Db } from './db';

/**
 * The photos of « Le site › Photos » as the managers replace them, before a publication (inbox/site-photos.ts):
 * one row a place of the site, by its photo key. The photo is kept as the checkout's command re-encoded it,
 * without metadata (publish/photo.ts), with its small copy; `jpeg` is null when only the alternative text
 * changed. Saving a place again replaces its row.
 */

export type SitePhotoDraft = {
  photo: string;
  /** The new original, or null: the photo online stays, only its text changes. */
  jpeg: Buffer | null;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
  alt: string;
  savedBy: string | null;
  savedAt: string;
};

const bufferOf = (value: unknown): Buffer | null =>
  value === null || value === undefined ? null : Buffer.from(value as ArrayBuffer);

function draftOf(row: Record<string, unknown>): SitePhotoDraft {
  return {
    photo: String(row.photo),
    jpeg: bufferOf(row.jpeg),
    thumbnail: bufferOf(row.thumbnail),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    alt: String(row.alt),
    savedBy: row.name === null || row.name === undefined ? null : String(row.name),
    savedAt: String(row.saved_at),
  };
}

const SELECT = `SELECT p.photo, p.jpeg, p.thumbnail, p.width, p.height, p.alt, p.saved_at, u.name
  FROM site_photo_drafts p LEFT JOIN users u ON u.id = p.user_id`;

/** Every place's draft, by photo key. */
export async function sitePhotoDrafts(db: Db): Promise<Map<string, SitePhotoDraft>> {
  const result = await db.execute(SELECT);
  return new Map(result.rows.map((row) => [String(row.photo), draftOf(row)]));
}

/**
 * Saves a place's draft: a new photo (with its small copy and size) and its text, or the text alone, which
 * keeps a photo saved before and not yet published.
 */
export async function saveSitePhotoDraft(
  db: Db,
  draft: {
    photo: string;
    alt: string;
    image?: { jpeg: Buffer; thumbnail: Buffer; width: number; height: number };
    userId: number;
  },
  now: Date | number,
): Promise<void> {
  const at = new Date(now).toISOString();
  const { image } = draft;
  await db.execute({
    sql: image
      ? `INSERT INTO site_photo_drafts (photo, jpeg, thumbnail, width, height, alt, user_id, saved_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (photo) DO UPDATE SET jpeg = excluded.jpeg, thumbnail = excluded.thumbnail,
           width = excluded.width, height = excluded.height, alt = excluded.alt, user_id = excluded.user_id,
           saved_at = excluded.saved_at`
      : `INSERT INTO site_photo_drafts (photo, jpeg, thumbnail, width, height, alt, user_id, saved_at)
           VALUES (?, NULL, NULL, NULL, NULL, ?, ?, ?)
         ON CONFLICT (photo) DO UPDATE SET alt = excluded.alt, user_id = excluded.user_id,
           saved_at = excluded.saved_at`,
    args: image
      ? [draft.photo, image.jpeg, image.thumbnail, image.width, image.height, draft.alt, draft.userId, at]
      : [draft.photo, draft.alt, draft.userId, at],
  });
}

/** After a return to a previous release, the photos online are those of that release: no draft is left. */
export async function clearSitePhotoDrafts(db: Db): Promise<void> {
  await db.execute('DELETE FROM site_photo_drafts');
}
