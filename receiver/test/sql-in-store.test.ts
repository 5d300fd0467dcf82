import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/**
 * The store is the only code that speaks SQL (docs/architecture.md). Some modules outside store/ still run
 * queries of their own, from before the rule: they are listed here, and the list may only shrink. A new
 * module that calls `.execute(` or `.batch(` outside store/ fails this test: give its queries to store/.
 */
const STILL_OUTSIDE = [
  'client/client-routes.ts',
  'delivery/devis-client-mails.ts',
  'delivery/devis-mails.ts',
  'delivery/devis-reminder-client-mail.ts',
  'delivery/devis-reminder-mails.ts',
  'inbox/devis-follow-up.ts',
  'inbox/devis-pages.ts',
  'inbox/devis-proof-route.ts',
  'inbox/figures-route.tsx',
];

const SRC = path.join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

test('no module outside store/ runs SQL but those still listed, and the list only shrinks', () => {
  const running = sources(SRC)
    .filter((file) => !file.startsWith('store/'))
    .filter((file) => /\.(execute|batch)\(/.test(readFileSync(path.join(SRC, file), 'utf8')))
    .sort();
  assert.deepEqual(
    running.filter((file) => !STILL_OUTSIDE.includes(file)),
    [],
    'a module outside store/ runs SQL: give its queries to store/',
  );
  // A module that no longer runs SQL leaves the list, so that it cannot start again unnoticed.
  assert.deepEqual(
    STILL_OUTSIDE.filter((file) => !running.includes(file)),
    [],
    'take these modules off STILL_OUTSIDE: they no longer run SQL',
  );
});
