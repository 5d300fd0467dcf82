import { cp, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The releases folder (SITE_RELEASES_DIR): one folder per publication online or kept (`publication-<id>`),
 * `current` the symlink nginx serves, and hidden folders the next release is assembled in (`.construction-<id>`),
 * the previews (`.apercu/<id>`) and the logs (`.journaux/<id>.log`). deploy/render.ts --releases lists the
 * same visible folders for nginx's policies.
 */

export const CURRENT = 'current';
/** The releases kept besides the one online. */
export const KEPT_PREVIOUS = 5;

export const releaseName = (id: number) => `publication-${id}`;
export const buildingName = (id: number) => `.construction-${id}`;
export const PREVIEWS = '.apercu';
export const LOGS = '.journaux';

const idOf = (name: string): number | undefined => {
  const match = /^publication-(\d+)$/.exec(name);
  return match ? Number(match[1]) : undefined;
};

/** The release `current` points at, by its folder name; undefined before the first publication. */
export async function liveReleaseIn(releasesDir: string): Promise<string | undefined> {
  const target = await readlink(path.join(releasesDir, CURRENT)).catch(() => undefined);
  return target === undefined ? undefined : path.basename(target);
}

/** The releases in the folder, oldest first. */
export async function releasesIn(releasesDir: string): Promise<string[]> {
  const entries = await readdir(releasesDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && idOf(entry.name) !== undefined)
    .map((entry) => entry.name)
    .sort((a, b) => (idOf(a) ?? 0) - (idOf(b) ?? 0));
}

/** The newest release older than the one online: where « Revenir à la version précédente » goes. */
export async function previousRelease(releasesDir: string): Promise<string | undefined> {
  const live = await liveReleaseIn(releasesDir);
  const liveId = live === undefined ? undefined : idOf(live);
  if (liveId === undefined) return undefined;
  return (await releasesIn(releasesDir)).filter((name) => (idOf(name) ?? 0) < liveId).at(-1);
}

/**
 * Points `current` at the release in one step: a new symlink beside it, renamed over it (rename replaces
 * it atomically: a reader finds the old link or the new one, never none). The link is relative, so the
 * folder may be moved or mounted elsewhere.
 */
export async function switchCurrent(releasesDir: string, release: string): Promise<void> {
  const next = path.join(releasesDir, `.${CURRENT}-${process.pid}`);
  await rm(next, { force: true });
  await symlink(release, next);
  await rename(next, path.join(releasesDir, CURRENT));
}

/** Deletes the releases beyond the one online and the KEPT_PREVIOUS newest others. */
export async function rotateReleases(releasesDir: string): Promise<string[]> {
  const live = await liveReleaseIn(releasesDir);
  const others = (await releasesIn(releasesDir)).filter((name) => name !== live);
  const old = others.slice(0, Math.max(0, others.length - KEPT_PREVIOUS));
  for (const name of old) await rm(path.join(releasesDir, name), { recursive: true, force: true });
  return old;
}

/** Moves a built folder to its place: a rename on the same file system, else a copy then a removal. */
export async function moveFolder(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    try {
      await cp(from, to, { recursive: true, verbatimSymlinks: true });
    } catch (copyError) {
      await rm(to, { recursive: true, force: true });
      throw copyError;
    }
    await rm(from, { recursive: true, force: true });
  }
}
