import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

/**
 * A devis in a running receiver's store, as the team's sending leaves it (receiver/test/devis-client-seed.ts,
 * run in its own process beside the receiver): sent to `email` now or at `sentAt`, with the sample's lines or
 * `lines`, accepted at `acceptedAt` if given. Its link's path, and its id when accepted.
 */
export function seedDevis(
  dataDir: string,
  email: string,
  options: { sentAt?: string; lines?: unknown[]; acceptedAt?: string } = {},
): { link: string; devisId: number | undefined } {
  const args = [dataDir, email];
  if (options.sentAt || options.lines || options.acceptedAt) {
    args.push(options.sentAt ?? new Date().toISOString(), options.lines ? JSON.stringify(options.lines) : '');
  }
  if (options.acceptedAt) args.push(options.acceptedAt);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'receiver', 'test', 'devis-client-seed.ts'), ...args],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`devis-client-seed.ts failed:\n${run.stderr}`);
  const [link = '', id] = run.stdout.trim().split('\n');
  return { link, devisId: id === undefined ? undefined : Number(id) };
}
