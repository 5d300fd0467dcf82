import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Before the browser tests: the receiver's build (receiver/build.ts, `npm run receiver:build`), which the
 * specs that start a receiver run (e2e/receiver-process.ts). A build that changes nothing writes nothing.
 */
export default function globalSetup(): void {
  const root = join(__dirname, '..');
  const build = spawnSync(process.execPath, ['--import', 'tsx', join('receiver', 'build.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`receiver/build.ts failed:\n${build.stdout}${build.stderr}`);
}
