import type { InStatement, Row } from '@libsql/client';
import { messageIdFor } from '../requests/mail-kinds';
import type { Db } from './db';

/**
 * The site's publications from the inbox (migration 22; receiver/src/publish/, docs/publication.md). One row
 * per publication, preview or return to the previous release, written as it goes: its stage, the checkout's
 * HEAD before it (to undo its commit), the files it wrote, its commit and release, its French error. While it
 * runs its `running` is 1, and that column's UNIQUE is the lock: a second start is refused by the store
 * itself, and the lock survives a crash until the next start cleans up (publish/recover.ts).
 */

export type PublicationKind = 'publication' | 'apercu' | 'retour';

/** Where a publication stands; a preview ends 'pret', a failure 'echec'. */
export type PublicationStage = 'ecriture' | 'construction' | 'verification' | 'en-ligne' | 'pret' | 'echec';

/** One change of a publication, for the audit trail (made by the caller). */
export type Change = { page: string; field: string; from: string; to: string };

/** Who publishes: a member, or the receiver itself (memberId null: the reviews republished after an erasure). */
export type Author = { memberId: number | null; name: string; email: string };

export type Publication = {
  id: number;
  kind: PublicationKind;
  stage: PublicationStage;
  running: boolean;
  author: Author;
  message: string;
  changes: Change[];
  /** The files written into the checkout, relative to it. */
  written: string[];
  startedAt: string;
  stageAt: string;
  finishedAt: string | undefined;
  headBefore: string | undefined;
  commit: string | undefined;
  /** The release's folder name under SITE_RELEASES_DIR (a preview's under its .apercu/ folder). */
  release: string | undefined;
  /** Why it failed, in French, for a manager. */
  error: string | undefined;
  /** Why the deploy command (another host) failed, the release staying online here. */
  deployError: string | undefined;
};

const optional = (value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

function toPublication(row: Row): Publication {
  return {
    id: Number(row.id),
    kind: String(row.kind) as PublicationKind,
    stage: String(row.stage) as PublicationStage,
    running: row.running !== null,
    author: {
      memberId: row.member_id === null ? null : Number(row.member_id),
      name: String(row.author_name),
      email: String(row.author_email),
    },
    message: String(row.message),
    changes: JSON.parse(String(row.changes)) as Change[],
    written: JSON.parse(String(row.written)) as string[],
    startedAt: String(row.started_at),
    stageAt: String(row.stage_at),
    finishedAt: optional(row.finished_at),
    headBefore: optional(row.head_before),
    commit: optional(row.commit_sha),
    release: optional(row.release),
    error: optional(row.error),
    deployError: optional(row.deploy_error),
  };
}

/** The publication that runs, if any (the lock's holder). */
export async function runningPublication(db: Db): Promise<Publication | undefined> {
  const row = (await db.execute('SELECT * FROM publications WHERE running = 1')).rows[0];
  return row && toPublication(row);
}

/**
 * Starts a publication, a preview or a return: its row, running, at its first stage. Refused (undefined) while
 * another runs: the UNIQUE of `running` decides, so two starts at once cannot both pass.
 */
export async function beginPublication(
  db: Db,
  start: { kind: PublicationKind; stage: PublicationStage; author: Author; message?: string; changes?: Change[] },
  now: Date,
): Promise<number | undefined> {
  const at = now.toISOString();
  try {
    const result = await db.execute({
      sql: `INSERT INTO publications (kind, stage, running, member_id, author_name, author_email, message, changes, started_at, stage_at)
            VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        start.kind,
        start.stage,
        start.author.memberId,
        start.author.name,
        start.author.email,
        start.message ?? '',
        JSON.stringify(start.changes ?? []),
        at,
        at,
      ],
    });
    return Number(result.lastInsertRowid);
  } catch (error) {
    if (/UNIQUE constraint failed: publications\.running/.test(error instanceof Error ? error.message : '')) {
      return undefined;
    }
    throw error;
  }
}

/** What a running publication learns on its way, stored as soon as it knows it (the restart reads it). */
export type PublicationProgress = {
  stage?: PublicationStage;
  headBefore?: string;
  written?: string[];
  commit?: string;
  release?: string;
};

export async function recordProgress(db: Db, id: number, progress: PublicationProgress, now: Date): Promise<void> {
  const columns: [string, string][] = [];
  if (progress.stage !== undefined) columns.push(['stage', progress.stage], ['stage_at', now.toISOString()]);
  if (progress.headBefore !== undefined) columns.push(['head_before', progress.headBefore]);
  if (progress.written !== undefined) columns.push(['written', JSON.stringify(progress.written)]);
  if (progress.commit !== undefined) columns.push(['commit_sha', progress.commit]);
  if (progress.release !== undefined) columns.push(['release', progress.release]);
  if (columns.length === 0) return;
  await db.execute({
    sql: `UPDATE publications SET ${columns.map(([column]) => `${column} = ?`).join(', ')} WHERE id = ?`,
    args: [...columns.map(([, value]) => value), id],
  });
}

/** The audit actions of the site (table audit, as inbox/audit.ts writes them). */
export const SITE_AUDIT_ACTIONS = { publication: 'site_published', retour: 'site_rolled_back' } as const;

/**
 * Ends a publication: online (a publication or a return, with its audit row in the same transaction: who,
 * when, which release and the changes), ready (a preview), or failed with its French error. The lock is freed.
 */
export async function finishPublication(
  db: Db,
  id: number,
  end: { stage: 'en-ligne' | 'pret' } | { stage: 'echec'; error: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const statements: InStatement[] = [
    {
      sql: `UPDATE publications SET stage = ?, stage_at = ?, finished_at = ?, running = NULL, error = ? WHERE id = ?`,
      args: [end.stage, at, at, end.stage === 'echec' ? end.error : null, id],
    },
  ];
  if (end.stage === 'en-ligne') {
    statements.push({
      sql: `INSERT INTO audit (at, user_id, action, reference, detail)
            SELECT ?, member_id, CASE kind WHEN 'retour' THEN '${SITE_AUDIT_ACTIONS.retour}' ELSE '${SITE_AUDIT_ACTIONS.publication}' END,
                   NULL, json_object('publication', id, 'release', release, 'commit', commit_sha, 'changes', json(changes))
            FROM publications WHERE id = ?`,
      args: [at, id],
    });
  }
  await db.batch(statements, 'write');
}

/**
 * The deploy command failed (another host): its error is kept on the publication, and each manager still
 * active gets a mail (site_deploy_failed, about the member, its detail the publication), in one transaction.
 */
export async function recordDeployFailure(
  db: Db,
  id: number,
  error: string,
  now: Date,
  fromEmail: string,
): Promise<void> {
  const managers = await db.execute(
    'SELECT id FROM users WHERE manager = 1 AND disabled_at IS NULL AND erased_at IS NULL ORDER BY id',
  );
  await db.batch(
    [
      { sql: 'UPDATE publications SET deploy_error = ? WHERE id = ?', args: [error, id] },
      ...managers.rows.map((manager) => ({
        sql: `INSERT INTO outbox (member_id, kind, message_id, detail, next_attempt_at, queued_at)
              VALUES (?, 'site_deploy_failed', ?, ?, ?, ?)`,
        args: [
          Number(manager.id),
          messageIdFor(`publication-${id}-${Number(manager.id)}`, 'site_deploy_failed', fromEmail),
          String(id),
          now.getTime(),
          now.toISOString(),
        ],
      })),
    ],
    'write',
  );
}

export async function publicationById(db: Db, id: number): Promise<Publication | undefined> {
  const row = (await db.execute({ sql: 'SELECT * FROM publications WHERE id = ?', args: [id] })).rows[0];
  return row && toPublication(row);
}

/** The latest publications, previews and returns, newest first. */
export async function latestPublications(db: Db, count: number): Promise<Publication[]> {
  const result = await db.execute({ sql: 'SELECT * FROM publications ORDER BY id DESC LIMIT ?', args: [count] });
  return result.rows.map(toPublication);
}

/**
 * The publication that built the release named, for a return: which commit built it, and its changes. The
 * first that went online with it: a publication, or a return that was rebuilt (docs/publication.md); the
 * returns that switched back to it later name it too, but built nothing.
 */
export async function publicationOfRelease(db: Db, release: string): Promise<Publication | undefined> {
  const row = (
    await db.execute({
      sql: "SELECT * FROM publications WHERE release = ? AND kind <> 'apercu' AND stage = 'en-ligne' ORDER BY id LIMIT 1",
      args: [release],
    })
  ).rows[0];
  return row && toPublication(row);
}

/** What the mail of a failed deploy needs: the manager still active, and the publication. */
export async function deployFailureMailOf(
  db: Db,
  memberId: number,
  publicationId: number,
): Promise<{ name: string; email: string; publication: Publication } | undefined> {
  const member = (
    await db.execute({
      sql: 'SELECT name, email FROM users WHERE id = ? AND disabled_at IS NULL AND erased_at IS NULL',
      args: [memberId],
    })
  ).rows[0];
  const publication = await publicationById(db, publicationId);
  if (!member || !publication) return undefined;
  return { name: String(member.name), email: String(member.email), publication };
}
