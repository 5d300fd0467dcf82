import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SiteSettings } from '../config';
import type { Db } from '../store/db';
import {
  beginPublication,
  finishPublication,
  latestPublications as latestRows,
  publicationById,
  publicationOfRelease,
  recordProgress,
  type Author,
  type Change,
  type Publication,
  type PublicationKind,
} from '../store/publications';
import {
  checkedFiles,
  DATA_DIR,
  ORIGINAL_EXTENSIONS,
  PHOTOS_DIR,
  PublishError,
  REVIEWS_FILE,
  writeDataFiles,
  type SiteFile,
  type WrittenFile,
} from './files';
import { publishMessages } from './messages';
import { git, GitError } from './process';
import {
  build,
  buildAndSwitch,
  cleanHead,
  commitAs,
  keepCgvVersion,
  keptFilesDiffer,
  logFileOf,
  markerOf,
  nowOf,
  restoreCheckout,
  StepFailure,
} from './steps';

export { logFileOf, markerOf };
import { buildingName, liveReleaseIn, LOGS, previousRelease, PREVIEWS, releaseName, switchCurrent } from './releases';

export { PublishError, type SiteFile };
export type { Change, Publication };

/**
 * The publication engine (docs/publication.md): the inbox's « Publier », « Aperçu » and « Revenir à la version
 * précédente » call it. A publication writes the site's data into the server's checkout (SITE_SOURCE_DIR),
 * commits it as the member, builds it in a separate process, checks it as a deployment does, and only then
 * switches SITE_RELEASES_DIR/current to it. One at a time: the store's row is the lock. Every step is recorded
 * as it happens; a failure before the switch undoes everything (the commit, the half-made release) and leaves
 * the site online as it was.
 */
export type PublishDeps = {
  db: Db;
  site: SiteSettings;
  /** The receiver's address: the checkout's committer, and the sender of the managers' mails. */
  fromEmail: string;
  now?: () => Date;
};

/** A started publication: its id at once, and its end for whoever waits (tests; the inbox's page polls). */
export type Started = { id: number; done: Promise<Publication> };

async function begin(
  deps: PublishDeps,
  start: { kind: PublicationKind; author: Author; message?: string; changes?: Change[] },
): Promise<number> {
  const id = await beginPublication(
    deps.db,
    { ...start, stage: start.kind === 'retour' ? 'verification' : 'ecriture' },
    nowOf(deps),
  );
  if (id === undefined) throw new PublishError(publishMessages.busy);
  return id;
}

/** Publishes the files: refused at once (PublishError) for a wrong path or while another runs. */
export async function startPublication(
  deps: PublishDeps,
  request: { files: SiteFile[]; author: Author; message: string; changes: Change[] },
): Promise<Started> {
  const files = checkedFiles(request.files);
  const id = await begin(deps, {
    kind: 'publication',
    author: request.author,
    message: request.message,
    changes: request.changes,
  });
  return { id, done: run(deps, id, () => publish(deps, id, files, request)) };
}

/** Builds the files into a preview folder (previewDir): no commit, no switch; the checkout is restored. */
export async function startPreview(
  deps: PublishDeps,
  request: { files: SiteFile[]; author: Author },
): Promise<Started> {
  const files = checkedFiles(request.files);
  const id = await begin(deps, { kind: 'apercu', author: request.author });
  return { id, done: run(deps, id, () => preview(deps, id, files)) };
}

/** The publications running in this process, by releases folder, awaited when the receiver closes (settleRunning). */
const running = new Map<Promise<unknown>, string>();

/**
 * Waits for the publications of this process to end, once their commands were killed (the receiver closes):
 * each undoes itself and records its failure before the store closes. One that cannot (the store already
 * gone) is left to the next start's clean-up.
 */
export async function settleRunning(site: SiteSettings): Promise<void> {
  await Promise.allSettled(
    [...running].filter(([, releasesDir]) => releasesDir === site.releasesDir).map(([done]) => done),
  );
}

/** The start of the markers of every publication into these releases (process.ts stopRunningCommands). */
export const markerPrefixOf = (site: SiteSettings) => `${site.releasesDir}#`;

/** Runs a publication's steps; whatever fails is undone and recorded. */
function run(deps: PublishDeps, id: number, steps: () => Promise<'en-ligne' | 'pret'>): Promise<Publication> {
  const done = runSteps(deps, id, steps);
  running.set(done, deps.site.releasesDir);
  void done.finally(() => running.delete(done)).catch(() => {});
  return done;
}

async function runSteps(
  deps: PublishDeps,
  id: number,
  steps: () => Promise<'en-ligne' | 'pret'>,
): Promise<Publication> {
  try {
    await mkdir(path.join(deps.site.releasesDir, LOGS), { recursive: true });
    const end = await steps();
    await finishPublication(deps.db, id, { stage: end }, nowOf(deps));
  } catch (error) {
    const message = await failureMessage(error);
    await undo(deps, id);
    await finishPublication(deps.db, id, { stage: 'echec', error: message }, nowOf(deps));
  }
  return (await publicationById(deps.db, id))!;
}

async function failureMessage(error: unknown): Promise<string> {
  if (error instanceof StepFailure || error instanceof PublishError) return error.message;
  if (error instanceof GitError) return publishMessages.git(error.message);
  if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return publishMessages.diskFull;
  return publishMessages.git(error instanceof Error ? error.message : String(error));
}

/**
 * Undoes a publication that did not go live, from what its row says (also after a restart, recover.ts): its
 * half-made release removed (never the one online), the checkout's HEAD and the files it wrote as before.
 */
export async function undo(deps: PublishDeps, id: number): Promise<void> {
  const publication = await publicationById(deps.db, id);
  if (!publication) return;
  const { releasesDir, sourceDir } = deps.site;
  // The build's output first: on a full disk, git needs the room it took.
  await rm(path.join(sourceDir, 'out'), { recursive: true, force: true });
  await rm(path.join(releasesDir, buildingName(id)), { recursive: true, force: true });
  await rm(path.join(releasesDir, PREVIEWS, String(id)), { recursive: true, force: true });
  const live = await liveReleaseIn(releasesDir);
  // A publication's release, or a return's that had to be rebuilt (rollback); a return by a switch has none.
  if (publication.kind !== 'apercu' && live !== releaseName(id)) {
    await rm(path.join(releasesDir, releaseName(id)), { recursive: true, force: true });
  }
  if (publication.headBefore) await restoreCheckout(sourceDir, publication.headBefore, publication.written);
}

async function writeIntoCheckout(deps: PublishDeps, id: number, files: WrittenFile[]): Promise<void> {
  const { sourceDir } = deps.site;
  const headBefore = await cleanHead(sourceDir);
  const written = files.map((file) => file.path);
  await recordProgress(deps.db, id, { headBefore, written }, nowOf(deps));
  // A photo's new original replaces the others of its key (hero.png when hero.jpg comes): the pipeline
  // takes one original a key. Undone with the rest (restoreCheckout resets the tracked files).
  const replaced = files
    .filter((file) => 'bytes' in file)
    .flatMap((file) => {
      const stem = file.path.replace(/\.jpg$/, '');
      return ORIGINAL_EXTENSIONS.flatMap((extension) => [extension, extension.toUpperCase()])
        .map((extension) => `${stem}${extension}`)
        .filter((other) => other !== file.path);
    });
  if (replaced.length > 0) await git(sourceDir, ['rm', '--quiet', '--ignore-unmatch', '--', ...replaced]);
  await writeDataFiles(sourceDir, files);
  if (written.length > 0) await git(sourceDir, ['add', '--', ...written]);
}

async function publish(
  deps: PublishDeps,
  id: number,
  files: WrittenFile[],
  request: { author: Author; message: string },
): Promise<'en-ligne'> {
  await writeIntoCheckout(deps, id, files);
  await keepCgvVersion(deps, id, nowOf(deps));
  const commit = await commitAs(deps, request.author, request.message, true);
  await buildAndSwitch(deps, id, commit);
  return 'en-ligne';
}

async function preview(deps: PublishDeps, id: number, files: WrittenFile[]): Promise<'pret'> {
  const { site, db } = deps;
  await writeIntoCheckout(deps, id, files);
  await keepCgvVersion(deps, id, nowOf(deps));
  await recordProgress(db, id, { stage: 'construction' }, nowOf(deps));
  const folder = path.join(site.releasesDir, PREVIEWS, String(id));
  try {
    await build(deps, id, folder);
  } finally {
    const publication = await publicationById(db, id);
    await restoreCheckout(site.sourceDir, publication!.headBefore!, publication!.written);
  }
  // One preview kept: the newest.
  for (const other of await readdir(path.join(site.releasesDir, PREVIEWS))) {
    if (other !== String(id)) await rm(path.join(site.releasesDir, PREVIEWS, other), { recursive: true, force: true });
  }
  return 'pret';
}

/** The folder of a finished preview, for the inbox to serve behind the session; undefined if gone. */
export async function previewDir(deps: Pick<PublishDeps, 'db' | 'site'>, id: number): Promise<string | undefined> {
  const publication = await publicationById(deps.db, id);
  if (publication?.kind !== 'apercu' || publication.stage !== 'pret') return undefined;
  const folder = path.join(deps.site.releasesDir, PREVIEWS, String(id));
  return existsSync(folder) ? folder : undefined;
}

/** The release `current` points at (its folder name), undefined before the first publication. */
export function liveRelease(deps: Pick<PublishDeps, 'site'>): Promise<string | undefined> {
  return liveReleaseIn(deps.site.releasesDir);
}

export function publicationOf(db: Db, id: number): Promise<Publication | undefined> {
  return publicationById(db, id);
}

export function latestPublications(db: Db, count: number): Promise<Publication[]> {
  return latestRows(db, count);
}

/**
 * « Revenir à la version précédente »: `current` back to the newest release older than the one online, in one
 * atomic switch, no rebuild. The checkout first gets a commit by the member whose content/data is that
 * release's (checked out from the commit that built it), so the next publication starts from what is online.
 * Recorded with the undone publication's changes, reversed.
 *
 * A dated version of the CGV is never taken offline: a devis sent since may cite it. When the release lacks a
 * version the checkout keeps (the undone publication added one), the return is a publication of that
 * release's data with every version, the CGV's step included (the CGV back to an earlier text make a version
 * of their own): built, checked and switched as a publication, into a release of its own. `rebuilding` says
 * which, as soon as it is known (false for a return that failed before): the inbox waits for a switch, not
 * for a build.
 */
export async function rollback(
  deps: PublishDeps,
  request: { author: Author },
): Promise<Started & { rebuilding: Promise<boolean> }> {
  const { site, db } = deps;
  const live = await liveReleaseIn(site.releasesDir);
  const target = await previousRelease(site.releasesDir);
  const targetPublication = target === undefined ? undefined : await publicationOfRelease(db, target);
  if (target === undefined || targetPublication?.commit === undefined)
    throw new PublishError(publishMessages.noPrevious);
  const undone = live === undefined ? undefined : await publicationOfRelease(db, live);
  const changes = (undone?.changes ?? []).map((change) => ({ ...change, from: change.to, to: change.from }));
  const id = await begin(deps, {
    kind: 'retour',
    author: request.author,
    message: publishMessages.rollbackMessage(targetPublication.id),
    changes,
  });
  let decided: (rebuild: boolean) => void = () => {};
  const rebuilding = new Promise<boolean>((resolve) => (decided = resolve));
  const steps = async (): Promise<'en-ligne'> => {
    const headBefore = await cleanHead(site.sourceDir);
    await recordProgress(db, id, { headBefore, release: target }, nowOf(deps));
    // The data and the photos' originals as that release was built from them.
    const restored = [DATA_DIR];
    if ((await git(site.sourceDir, ['ls-tree', '--name-only', targetPublication.commit!, '--', PHOTOS_DIR])) !== '') {
      restored.push(PHOTOS_DIR);
    }
    await git(site.sourceDir, ['rm', '-r', '--quiet', '--ignore-unmatch', '--', DATA_DIR, PHOTOS_DIR]);
    await git(site.sourceDir, ['checkout', targetPublication.commit!, '--', ...restored]);
    // The clients' reviews stay as they are now (docs/avis.md): a return never brings back a review removed
    // since (its author's wish, an erasure, its time over), nor takes off one published since.
    if ((await git(site.sourceDir, ['ls-tree', '--name-only', headBefore, '--', REVIEWS_FILE])) !== '') {
      await git(site.sourceDir, ['checkout', headBefore, '--', REVIEWS_FILE]);
    }
    await keepCgvVersion(deps, id, nowOf(deps));
    const rebuild = await keptFilesDiffer(site.sourceDir, targetPublication.commit!);
    decided(rebuild);
    const commit = await commitAs(deps, request.author, publishMessages.rollbackMessage(targetPublication.id), true);
    if (rebuild) {
      await buildAndSwitch(deps, id, commit);
      return 'en-ligne';
    }
    await recordProgress(db, id, { commit }, nowOf(deps));
    await switchCurrent(site.releasesDir, target);
    return 'en-ligne';
  };
  const done = run(deps, id, steps);
  void done.finally(() => decided(false));
  return { id, done, rebuilding };
}
