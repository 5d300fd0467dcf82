import type { Db } from './db';

/**
 * The pages of « Le site » as the managers save them, before a publication (inbox/site-routes.ts): one row a
 * page, holding the page's whole JSON. The revision only grows, so a form read at revision n saves only while
 * the row is still at n: a save on an older revision is refused and the page shows who saved in between.
 */

export type SiteDraft = {
  page: string;
  data: unknown;
  revision: number;
  /** The member who saved it last (null once their account is erased). */
  savedBy: string | null;
  savedAt: string;
};

function draftOf(row: Record<string, unknown>): SiteDraft {
  return {
    page: String(row.page),
    data: JSON.parse(String(row.data)) as unknown,
    revision: Number(row.revision),
    savedBy: row.name === null || row.name === undefined ? null : String(row.name),
    savedAt: String(row.saved_at),
  };
}

const SELECT = `SELECT d.page, d.data, d.revision, d.saved_at, u.name FROM site_drafts d
  LEFT JOIN users u ON u.id = d.user_id`;

/** Every page's draft, by page. */
export async function siteDrafts(db: Db): Promise<Map<string, SiteDraft>> {
  const result = await db.execute(SELECT);
  return new Map(result.rows.map((row) => [String(row.page), draftOf(row)]));
}

export async function siteDraft(db: Db, page: string): Promise<SiteDraft | undefined> {
  const result = await db.execute({ sql: `${SELECT} WHERE d.page = ?`, args: [page] });
  const row = result.rows[0];
  return row ? draftOf(row) : undefined;
}

/**
 * Saves a page's JSON if its draft is still at `readAt` (0: no draft yet). Returns the new revision, or the
 * draft that was saved in between (the caller shows its values and who saved it).
 */
export async function saveSiteDraft(
  db: Db,
  { page, data, readAt, userId }: { page: string; data: unknown; readAt: number; userId: number },
  now: Date | number,
): Promise<{ saved: true; revision: number } | { saved: false; current: SiteDraft }> {
  const json = JSON.stringify(data);
  const at = new Date(now).toISOString();
  const result = await db.execute({
    sql: `INSERT INTO site_drafts (page, data, revision, user_id, saved_at) VALUES (?, ?, 1, ?, ?)
          ON CONFLICT (page) DO UPDATE SET data = excluded.data, revision = site_drafts.revision + 1,
            user_id = excluded.user_id, saved_at = excluded.saved_at
          WHERE site_drafts.revision = ?
          RETURNING revision`,
    args: [page, json, userId, at, readAt],
  });
  const saved = result.rows[0];
  if (saved) return { saved: true, revision: Number(saved.revision) };
  const current = await siteDraft(db, page);
  if (!current) throw new Error(`site draft ${page} vanished`);
  return { saved: false, current };
}

/**
 * After a return to a previous release, each page's draft becomes what is now live (a new revision), so that
 * the pages show the live values and nothing the return undid is waiting to be published again.
 */
export async function resetSiteDrafts(
  db: Db,
  pages: { page: string; data: unknown }[],
  userId: number,
  now: Date | number,
): Promise<void> {
  const at = new Date(now).toISOString();
  await db.batch(
    pages.map(({ page, data }) => ({
      sql: `INSERT INTO site_drafts (page, data, revision, user_id, saved_at) VALUES (?, ?, 1, ?, ?)
            ON CONFLICT (page) DO UPDATE SET data = excluded.data, revision = site_drafts.revision + 1,
              user_id = excluded.user_id, saved_at = excluded.saved_at`,
      args: [page, JSON.stringify(data), userId, at],
    })),
    'write',
  );
}
