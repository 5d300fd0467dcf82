// First: React must load in production mode (production-mode.ts).
import './production-mode';
import { staleBuildMessage } from './built-sources';

/**
 * `npm run receiver`: the receiver's process, from receiver/dist/main.mjs as built by receiver/build.ts (or
 * from here through tsx). It starts only if its build is that of the sources beside it (built-sources.ts),
 * then loads the receiver (run.ts).
 *
 * The receiver is loaded by import(), after production-mode.ts has run: in the build, the packages that a
 * module imports are loaded before any code of the file that bundles it, so React, imported statically from
 * here, would load before NODE_ENV is set.
 */
const stale = staleBuildMessage();
if (stale !== undefined) {
  console.error(`Le récepteur de devis ne démarre pas. ${stale}`);
  process.exit(1);
}
await import('./run');
