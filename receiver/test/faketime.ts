import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';

/**
 * libfaketime (Debian's faketime package, scripts/install-test-deps.sh): it moves the wall clock of one
 * process, not its monotonic clock. A receiver spawned with movedClock() lives days, months or years away.
 */
const FAKETIME_LIBRARY = ['x86_64-linux-gnu', 'aarch64-linux-gnu', 'i386-linux-gnu']
  .map((arch) => `/usr/lib/${arch}/faketime/libfaketimeMT.so.1`)
  .find((library) => existsSync(library));

/** The environment that runs a process on a moved clock: a fixed offset ("+31d"), or one read from a file at each call. */
export function movedClock(clock: { offset: string } | { file: string }): Record<string, string> {
  assert.ok(
    FAKETIME_LIBRARY,
    'libfaketime is missing: scripts/install-test-deps.sh installs it (apt-get install faketime)',
  );
  return {
    LD_PRELOAD: FAKETIME_LIBRARY,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
    ...('offset' in clock
      ? { FAKETIME: clock.offset }
      : { FAKETIME_TIMESTAMP_FILE: clock.file, FAKETIME_NO_CACHE: '1' }),
  };
}
