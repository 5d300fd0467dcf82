import { rm } from 'node:fs/promises';
import path from 'node:path';
import { finishPublication, runningPublication } from '../store/publications';
import { markerOf, undo, type PublishDeps } from './engine';
import { publishMessages } from './messages';
import { killMarked } from './process';
import { buildingName, liveReleaseIn, releaseName } from './releases';

/**
 * At start, what a receiver stopped mid-publication left (killed, crashed, the server restarted): its
 * commands still running are killed (by their marker), and the publication is undone and marked failed, the
 * lock freed. One that had already switched `current` is online: it is marked so, and only its leftovers go.
 * Returns the publication cleaned up, if any.
 */
export async function recoverPublications(deps: PublishDeps): Promise<number | undefined> {
  const stale = await runningPublication(deps.db);
  if (!stale) return undefined;
  killMarked(markerOf(deps.site, stale.id));
  const now = (deps.now ?? (() => new Date()))();
  const live = await liveReleaseIn(deps.site.releasesDir);
  const online = stale.kind === 'publication' ? live === releaseName(stale.id) : live === stale.release;
  if (stale.kind !== 'apercu' && stale.release !== undefined && online) {
    await rm(path.join(deps.site.releasesDir, buildingName(stale.id)), { recursive: true, force: true });
    await finishPublication(deps.db, stale.id, { stage: 'en-ligne' }, now);
    return stale.id;
  }
  await undo(deps, stale.id);
  await finishPublication(deps.db, stale.id, { stage: 'echec', error: publishMessages.restarted }, now);
  return stale.id;
}
