import { checkWritable, DB_FILE, type Db } from './db';
import { checkDiskWritable, freeBytes, type Layout } from './storage';

/**
 * Is the store usable: the database takes a write, the disk takes a file, and space is left. Checked at
 * start-up (the receiver refuses to start otherwise) and by GET …/health, whose answer is reused for
 * QUOTE_HEALTH_CACHE_MS so that callers cannot slow real requests down with syncs.
 */

/** A store the receiver cannot use, in French for the owner. */
export class StoreProblem extends Error {}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024)).toLocaleString('fr-FR');

export async function checkStore(db: Db, dirs: Layout, minFreeBytes: number): Promise<void> {
  try {
    await checkWritable(db);
  } catch (error) {
    throw new StoreProblem(
      `La base ${DB_FILE} du dossier ${dirs.root} n’accepte pas l’écriture (${codeOf(error)}) : vérifiez que le disque n’est ni plein ni en lecture seule, et que l’utilisateur du récepteur possède le dossier et ses fichiers.`,
    );
  }
  try {
    await checkDiskWritable(dirs);
  } catch (error) {
    throw new StoreProblem(
      `Le dossier ${dirs.tmp} n’accepte pas l’écriture (${codeOf(error)}) : vérifiez que le disque n’est ni plein ni en lecture seule, et que l’utilisateur du récepteur possède le dossier.`,
    );
  }
  const free = await freeBytes(dirs);
  if (free < minFreeBytes) {
    throw new StoreProblem(
      `Le disque du dossier ${dirs.root} n’a plus que ${megabytes(free)} Mo libres, il en faut au moins ${megabytes(minFreeBytes)} (QUOTE_MIN_FREE_MB) : libérez de la place, puis redémarrez le récepteur.`,
    );
  }
}

function codeOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string' ? code : String(message);
}

/** The health check of a running receiver: one store check at a time, its answer reused for a while. */
export function cachedHealthCheck(
  check: () => Promise<void>,
  ttlMs: number,
): () => Promise<{ ok: true } | { ok: false; error: unknown }> {
  let last: { at: number; result: Promise<{ ok: true } | { ok: false; error: unknown }> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ttlMs) {
      last = {
        at: now,
        result: check().then(
          () => ({ ok: true as const }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
      };
    }
    return last.result;
  };
}
