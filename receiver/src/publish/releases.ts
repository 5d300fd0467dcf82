import { copyFile, cp, link, mkdir, readdir, readlink, rename, rm, stat, symlink } from 'node:fs/promises';
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

/** Deletes the releases beyond the one online and the KEPT_PREVIOUS newest others, and their logs. */
export async function rotateReleases(releasesDir: string): Promise<string[]> {
  const live = await liveReleaseIn(releasesDir);
  const others = (await releasesIn(releasesDir)).filter((name) => name !== live);
  const old = others.slice(0, Math.max(0, others.length - KEPT_PREVIOUS));
  for (const name of old) await rm(path.join(releasesDir, name), { recursive: true, force: true });
  // The logs of the publications older than the oldest release kept, failed ones included.
  const oldest = Math.min(...[live, ...others.slice(old.length)].map((name) => idOf(name ?? '') ?? Infinity));
  const logs = await readdir(path.join(releasesDir, LOGS)).catch(() => [] as string[]);
  for (const log of logs) {
    const id = /^(\d+)\.log$/.exec(log)?.[1];
    if (id !== undefined && Number(id) < oldest) await rm(path.join(releasesDir, LOGS, log), { force: true });
  }
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

/**
 * The files named by their content (`_next/static/`, `photos/`, cached for a year) of the release online that
 * the new one lacks, hard-linked into it: a page already open loads its scripts after its first paint and its
 * photos as it scrolls, by the names of its own build. As the rsync of a manual deployment keeps them
 * (docs/deployment.md), they accumulate from release to release, at the cost of one link each.
 */
export async function carryHashedFiles(from: string, to: string): Promise<number> {
  let carried = 0;
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(from, relative), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile() && !(await stat(path.join(to, name)).catch(() => undefined))) {
        await mkdir(path.dirname(path.join(to, name)), { recursive: true });
        await link(path.join(from, name), path.join(to, name)).catch(() =>
          copyFile(path.join(from, name), path.join(to, name)),
        );
        carried += 1;
      }
    }
  };
  for (const folder of HASHED_FOLDERS) await walk(folder);
  return carried;
}

/** The folders of an export whose files are named by their content. */
export const HASHED_FOLDERS = ['_next/static', 'photos'];
