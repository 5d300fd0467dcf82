import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { placeholders } from '@/content/placeholders';

/**
 * The README is the page a newcomer reads first: about a page, readable in a terminal, its links alive, and
 * the list of values to replace before going live under « Avant la mise en ligne » (the legal notes ask
 * for it there). The details live in docs/.
 */
const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const lines = readme.split('\n');

/** The text of a `## ` section, up to the next one. */
function section(title: string): string {
  const start = lines.findIndex((line) => line === `## ${title}`);
  assert.ok(start >= 0, `README.md has no section « ${title} »`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

test('the README stays about a page, each line readable in a terminal', () => {
  assert.ok(lines.length <= 100, `README.md has ${lines.length} lines: move the details to docs/`);
  const wide = lines.filter((line) => [...line].length > 120);
  assert.deepEqual(wide, [], 'lines wider than 120 characters');
});

test('the README says where each value to replace before going live is', () => {
  const beforeGoLive = section('Avant la mise en ligne');
  const files = new Set(placeholders.map(({ where }) => where.match(/content\/[\w./-]+\.(?:ts|json)/)?.[0]));
  assert.ok(files.size > 1);
  for (const file of files) {
    assert.ok(file, 'each placeholder names its file in content/');
    assert.ok(beforeGoLive.includes(`\`${file}\``), `« Avant la mise en ligne » names ${file}`);
  }
  assert.match(beforeGoLive, /\]\(docs\/mise-en-ligne\.md\)/);
});

test('the README names the owner’s edits, the two commands and the deployment of out/', () => {
  assert.match(section('Les deux commandes'), /npm run dev[\s\S]*npm test/);
  assert.match(section('Modifier le site'), /téléphone[^\n]*`content\/data\/coordonnees\.json`/);
  assert.match(section('Déployer `out/`'), /deploy\/render\.ts/);
});

test('every link of the README leads to a file of the repository', () => {
  const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!);
  assert.ok(targets.length > 5);
  for (const target of targets.filter((link) => !/^https?:/.test(link)))
    assert.ok(existsSync(join(dirname(join(root, 'README.md')), target)), `README.md links to ${target}`);
  for (const doc of ['tests', 'deployment', 'mise-en-ligne', 'recevoir-les-demandes', 'boite-de-reception'])
    assert.ok(targets.includes(`docs/${doc}.md`), `README.md links to docs/${doc}.md`);
});
