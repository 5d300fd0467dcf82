import { existsSync } from 'node:fs';
import { readFile, rm, statfs } from 'node:fs/promises';
import { constants } from 'node:os';
import path from 'node:path';
import type { SiteSettings } from '../config';
import { recordDeployFailure, recordProgress, type Author } from '../store/publications';
import type { PublishDeps } from './engine';
import { isoDay } from '../facts';
import { CGV_VERSIONS_DIR, DATA_DIR, PHOTOS_DIR, REVIEWS_FILE } from './files';
import { publishMessages } from './messages';
import { git, runCommand, type CommandResult } from './process';
import {
  buildingName,
  carryHashedFiles,
  liveReleaseIn,
  LOGS,
  moveFolder,
  releaseName,
  rotateReleases,
  switchCurrent,
} from './releases';

/**
 * The steps of a publication that act on the server's checkout and run its commands (engine.ts runs them in
 * order and records them): the checkout's HEAD and work tree, the CGV's new version, the member's commit, the
 * build and what its failure means for a manager, and the build, check and switch of a release.
 */

/** The engine's clock (deps.now, the time of day by default). */
export const nowOf = (deps: PublishDeps) => (deps.now ?? (() => new Date()))();

/** A step that failed with the French sentence the manager reads. */
export class StepFailure extends Error {}

/** The marker in the environment of every process of a publication (process.ts killMarked). */
export const markerOf = (site: SiteSettings, id: number) => `${site.releasesDir}#${id}`;

export const logFileOf = (site: SiteSettings, id: number) => path.join(site.releasesDir, LOGS, `${id}.log`);

/**
 * The checkout back at `head`, its work tree too: tracked files reset, the files written and not tracked
 * removed, and a CGV version the CGV's step wrote and did not add yet.
 */
export async function restoreCheckout(sourceDir: string, head: string, written: string[]): Promise<void> {
  await git(sourceDir, ['reset', '--quiet', '--hard', head]);
  await git(sourceDir, ['clean', '--quiet', '-f', '--', ...written, CGV_VERSIONS_DIR]);
}

/** The checkout before a publication writes: clean (nothing but publications changes it), its HEAD. */
export async function cleanHead(sourceDir: string): Promise<string> {
  const status = await git(sourceDir, [
    'status',
    '--porcelain',
    '--untracked-files=all',
    '--',
    DATA_DIR,
    PHOTOS_DIR,
    CGV_VERSIONS_DIR,
  ]);
  if (status !== '') throw new StepFailure(publishMessages.dirtyCheckout);
  return git(sourceDir, ['rev-parse', 'HEAD']);
}

/** A name or an address as git's --author takes it: no angle brackets, no line break. */
const gitSafe = (value: string) => value.replace(/[<>\n\r\0]/g, ' ').trim();

export async function commitAs(
  deps: PublishDeps,
  author: Author,
  message: string,
  allowEmpty: boolean,
): Promise<string> {
  const { sourceDir } = deps.site;
  await git(
    sourceDir,
    [
      'commit',
      '--quiet',
      '--no-verify',
      ...(allowEmpty ? ['--allow-empty'] : []),
      `--author=${gitSafe(author.name)} <${gitSafe(author.email)}>`,
      '-m',
      message,
    ],
    {
      GIT_COMMITTER_NAME: publishMessages.receiverName,
      GIT_COMMITTER_EMAIL: deps.fromEmail,
    },
  );
  return git(sourceDir, ['rev-parse', 'HEAD']);
}

/**
 * The CGV's step, once the data is written and before the commit: the checkout's own script
 * (SITE_CGV_COMMAND, scripts/cgv-snapshot.ts) renders the CGV from the new data and, when they differ from
 * the newest dated version, keeps them as a new version (lib/cgv-snapshots.ts keepSnapshot: dated the day
 * after `today`); whatever it wrote joins the commit. The day is the receiver's clock, in Paris.
 */
export async function keepCgvVersion(deps: PublishDeps, id: number, now: Date): Promise<void> {
  const { site } = deps;
  const log = logFileOf(site, id);
  const result = await runCommand(site.cgvCommand, {
    cwd: site.sourceDir,
    log,
    marker: markerOf(site, id),
    env: { SITE_TODAY: isoDay(now) },
  });
  if (result.code !== 0) throw new StepFailure(publishMessages.cgvFailed(result.code ?? -1, log));
  if (existsSync(path.join(site.sourceDir, CGV_VERSIONS_DIR))) {
    await git(site.sourceDir, ['add', '--all', '--', CGV_VERSIONS_DIR]);
  }
}

/**
 * Whether what a return keeps as it is now differs, as staged in the checkout, from `commit`'s: the CGV's
 * versions (one added since) or the clients' reviews (published or removed since). Then the release of
 * `commit` cannot be served again as it is: the return is rebuilt.
 */
export async function keptFilesDiffer(sourceDir: string, commit: string): Promise<boolean> {
  const changed = await git(sourceDir, [
    'diff',
    '--cached',
    '--name-only',
    commit,
    '--',
    CGV_VERSIONS_DIR,
    REVIEWS_FILE,
  ]);
  return changed !== '';
}

/** Runs the build in the checkout, lower priority, memory bounded; its out/ becomes `to`. */
export async function build(deps: PublishDeps, id: number, to: string): Promise<void> {
  const { site } = deps;
  const out = path.join(site.sourceDir, 'out');
  await rm(out, { recursive: true, force: true });
  const log = logFileOf(site, id);
  const result = await runCommand(site.buildCommand, {
    cwd: site.sourceDir,
    log,
    marker: markerOf(site, id),
    // Without Next.js's own TypeScript pass (next.config.mjs): the checkout's code is what the developers'
    // checks passed, and the data a publication changes is checked by its schemas (scripts/check-data.ts, the
    // build's first step). A third of the build's time on this server, for nothing a publication can break.
    env: { NODE_OPTIONS: `--max-old-space-size=${site.buildMemoryMb}`, SKIP_BUILD_TYPECHECK: '1' },
  });
  if (result.code !== 0) throw new StepFailure(await buildFailure(result, log, site.sourceDir));
  try {
    await moveFolder(out, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw new StepFailure(publishMessages.diskFull);
    throw error;
  }
}

/** The build's failure as a manager can act on it: a full disk, a lack of memory, a kill, or the code. */
export async function buildFailure(result: CommandResult, log: string, sourceDir: string): Promise<string> {
  const text = await readFile(log, 'utf8').catch(() => '');
  if (/ENOSPC|no space left on device/i.test(text)) return publishMessages.diskFull;
  if (/heap out of memory|JavaScript heap|Allocation failed|ERR_OUT_OF_MEMORY/i.test(text)) {
    return publishMessages.outOfMemory;
  }
  // Killed by a signal, itself or the process that sh ran (whose code is then 128 + the signal's number).
  const signal = result.signal ?? (result.code !== null && result.code > 128 ? result.code - 128 : undefined);
  if (signal === 'SIGABRT' || signal === constants.signals.SIGABRT) return publishMessages.outOfMemory;
  if (signal !== undefined) return publishMessages.killed;
  if (await diskFull(sourceDir)) return publishMessages.diskFull;
  return publishMessages.buildFailed(result.code ?? -1, log);
}

async function diskFull(folder: string): Promise<boolean> {
  const stats = await statfs(folder).catch(() => undefined);
  return stats !== undefined && stats.bavail === 0;
}

/** The last lines of a command's output in the log, since `from` (its size when the command started). */
export async function outputSince(log: string, from: number): Promise<string> {
  const text = (await readFile(log).catch(() => Buffer.alloc(0))).subarray(from).toString('utf8');
  return text.trim().split('\n').slice(-20).join('\n');
}

export async function sizeOf(file: string): Promise<number> {
  return (await readFile(file).catch(() => Buffer.alloc(0))).length;
}

/** The committed checkout built into the release of publication `id`, checked, then switched online. */
export async function buildAndSwitch(deps: PublishDeps, id: number, commit: string): Promise<void> {
  const { site, db } = deps;
  await recordProgress(db, id, { commit, stage: 'construction', release: releaseName(id) }, nowOf(deps));

  const building = path.join(site.releasesDir, buildingName(id));
  await build(deps, id, building);
  const live = await liveReleaseIn(site.releasesDir);
  if (live !== undefined) await carryHashedFiles(path.join(site.releasesDir, live), building);
  const release = path.join(site.releasesDir, releaseName(id));
  await moveFolder(building, release);
  await recordProgress(db, id, { stage: 'verification' }, nowOf(deps));

  const log = logFileOf(site, id);
  const env = { SITE_RELEASE: release, SITE_RELEASES_DIR: site.releasesDir, SITE_DEMO: site.demo ? '1' : undefined };
  const checkFrom = await sizeOf(log);
  const check = await runCommand(site.checkCommand, { cwd: site.sourceDir, log, marker: markerOf(site, id), env });
  if (check.code !== 0) throw new StepFailure(publishMessages.checkRefused(await outputSince(log, checkFrom)));
  if (site.reloadCommand) {
    const reload = await runCommand(site.reloadCommand, {
      cwd: site.sourceDir,
      log,
      marker: markerOf(site, id),
      env,
      nice: false,
    });
    if (reload.code !== 0) throw new StepFailure(publishMessages.reloadFailed(reload.code ?? -1, log));
  }
  await switchCurrent(site.releasesDir, releaseName(id));
  await rotateReleases(site.releasesDir);
  await deploy(deps, id, release);
}

/** The deploy command (another host), after the switch: its failure is kept and mailed, the release stays. */
async function deploy(deps: PublishDeps, id: number, release: string): Promise<void> {
  const { site } = deps;
  if (!site.deployCommand) return;
  const log = logFileOf(site, id);
  const result = await runCommand(site.deployCommand, {
    cwd: site.sourceDir,
    log,
    marker: markerOf(site, id),
    env: { SITE_RELEASE: release, SITE_RELEASES_DIR: site.releasesDir },
  });
  if (result.code === 0) return;
  await recordDeployFailure(
    deps.db,
    id,
    publishMessages.deployFailed(result.code ?? -1, log),
    nowOf(deps),
    deps.fromEmail,
  );
}
