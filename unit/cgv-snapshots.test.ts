import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cgv } from '@/content/legal/cgv';
import { cgvSnapshotText, cgvVersionDate } from '@/content/legal/cgv-version';
import { keepSnapshot } from '@/lib/cgv-snapshots';

const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A copy of the site's versions folder, in a temporary folder. */
function versionsCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cgv-versions-'));
  folders.push(dir);
  cpSync(join(__dirname, '..', 'content', 'legal', 'cgv-versions'), dir, { recursive: true });
  return dir;
}

const files = (dir: string) => readdirSync(dir).sort();
const textOf = (dir: string, date: string) => readFileSync(join(dir, `${date}.json`), 'utf8');

describe('the dated versions of the CGV', () => {
  test('the text of the newest version writes nothing', () => {
    const dir = versionsCopy();
    const before = files(dir);
    assert.deepEqual(keepSnapshot(dir, cgvSnapshotText(cgv), '2026-12-10'), { written: false, date: cgvVersionDate });
    assert.deepEqual(files(dir), before);
  });

  test('a changed text becomes the version of the next day; a version in force is never rewritten', () => {
    const dir = versionsCopy();
    const inForce = textOf(dir, cgvVersionDate);
    const changed = inForce.replace(/\d+(?:,\d+)?\s?€/, '999 €');
    assert.notEqual(changed, inForce, 'the CGV cite a price');
    assert.deepEqual(keepSnapshot(dir, changed, '2026-12-10'), { written: true, date: '2026-12-11', rewritten: false });
    assert.equal(textOf(dir, '2026-12-11'), changed);
    assert.equal(textOf(dir, cgvVersionDate), inForce);
    assert.match(readFileSync(join(dir, 'index.ts'), 'utf8'), /import v20261211 from '\.\/2026-12-11\.json';/);
    assert.match(readFileSync(join(dir, 'index.ts'), 'utf8'), /'2026-12-11': v20261211 as CgvSnapshot,/);

    // A second change the same day rewrites the version of tomorrow, which no devis sent can cite yet.
    const again = inForce.replace(/\d+(?:,\d+)?\s?€/, '1 000 €');
    assert.deepEqual(keepSnapshot(dir, again, '2026-12-10'), { written: true, date: '2026-12-11', rewritten: true });
    assert.equal(textOf(dir, '2026-12-11'), again);

    // The next day it is in force: a change makes the version of the day after, and keeps it.
    assert.deepEqual(keepSnapshot(dir, changed, '2026-12-11'), { written: true, date: '2026-12-12', rewritten: false });
    assert.equal(textOf(dir, '2026-12-11'), again);
    assert.equal(textOf(dir, '2026-12-12'), changed);
    // Back to an earlier text: a version of its own, the earlier ones kept.
    assert.deepEqual(keepSnapshot(dir, inForce, '2026-12-20'), { written: true, date: '2026-12-21', rewritten: false });
    assert.deepEqual(
      files(dir).filter((name) => name > `${cgvVersionDate}.json` && name.endsWith('.json')),
      ['2026-12-11.json', '2026-12-12.json', '2026-12-21.json'],
    );
  });

  test('npm run cgv:snapshot on the repository’s CGV, unchanged, writes nothing; a wrong --today is refused', () => {
    // The script on a copy of the repository's content: its CGV, unchanged, write nothing.
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '..', 'scripts', 'cgv-snapshot.ts'), '--today', '2026-12-10'],
      { encoding: 'utf8' },
    );
    assert.match(output, new RegExp(`unchanged since their version of ${cgvVersionDate}`));
    assert.throws(
      () =>
        execFileSync(
          process.execPath,
          ['--import', 'tsx', join(__dirname, '..', 'scripts', 'cgv-snapshot.ts'), '--today', 'demain'],
          {
            stdio: 'pipe',
          },
        ),
      /attend une date AAAA-MM-JJ/,
    );
  });
});
