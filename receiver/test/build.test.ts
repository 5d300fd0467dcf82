import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFile, copyFile, cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { buildReceiver, receiverBuilt, sha256 } from '../build';
import { changedSource, DIST_DIR, SOURCES_FILE } from '../src/built-sources';
import { removeDir, tempDir, testEnv, type Run } from './helpers';

/**
 * The receiver as it runs (receiver/build.ts): what the build writes, that a build is refused when its
 * sources changed, and that React still loads in its production build.
 */

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanup.reverse()) await step();
});

test('a build that changes nothing writes nothing, and lists every source it took with its hash', async () => {
  await receiverBuilt();
  assert.deepEqual(await buildReceiver(), { written: [], removed: [] });

  const sources = JSON.parse(await readFile(SOURCES_FILE, 'utf8')) as Record<string, string>;
  const repoDir = path.resolve(DIST_DIR, '../..');
  for (const file of ['receiver/src/main.ts', 'receiver/bin/user.ts', 'lib/format.ts', 'content/site.ts']) {
    assert.equal(sources[file], sha256(await readFile(path.join(repoDir, file))), file);
  }
  // The packages built in are named by the lock that fixes their versions, not file by file.
  assert.equal(sources['package-lock.json'], sha256(await readFile(path.join(repoDir, 'package-lock.json'))));
  assert.ok(
    Object.keys(sources).every((file) => !file.includes('node_modules')),
    'no file of node_modules/ listed',
  );
  assert.equal(changedSource(), undefined);
});

test('changedSource names the first source changed or gone since the build', async () => {
  const repo = await tempDir();
  cleanup.push(() => removeDir(repo));
  await mkdir(path.join(repo, 'receiver', 'dist'), { recursive: true });
  await mkdir(path.join(repo, 'lib'));
  await writeFile(path.join(repo, 'lib', 'a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(repo, 'lib', 'b.ts'), 'export const b = 2;\n');
  const sourcesFile = path.join(repo, 'receiver', 'dist', path.basename(SOURCES_FILE));
  const hashOf = async (file: string) => sha256(await readFile(path.join(repo, file)));
  await writeFile(
    sourcesFile,
    JSON.stringify({ 'lib/a.ts': await hashOf('lib/a.ts'), 'lib/b.ts': await hashOf('lib/b.ts') }),
  );
  assert.equal(changedSource(sourcesFile), undefined);

  await writeFile(path.join(repo, 'lib', 'b.ts'), 'export const b = 3;\n');
  assert.equal(changedSource(sourcesFile), 'lib/b.ts');
  await writeFile(sourcesFile, JSON.stringify({ 'lib/gone.ts': 'x', 'lib/a.ts': await hashOf('lib/a.ts') }));
  assert.equal(changedSource(sourcesFile), 'lib/gone.ts');
});

test('the built receiver loads React only after it set NODE_ENV: nothing main.mjs imports statically reaches React, which is not built in', async () => {
  await receiverBuilt();
  // Every module main.mjs loads before its own code runs: its static imports, and theirs, within the build.
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = await readFile(file, 'utf8');
    for (const [, specifier] of code.matchAll(/^(?:import|export)(?!\s*\()[^;"]*"([^"]+)";/gm)) {
      if (specifier === undefined) continue;
      if (specifier.startsWith('.')) await visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  await visit(path.join(DIST_DIR, 'main.mjs'));
  assert.ok(seen.size > 1, 'main.mjs imports its first chunks');
  assert.deepEqual(
    [...packages].filter((name) => /^react(-dom)?(\/|$)/.test(name)),
    [],
    `main.mjs's static imports: ${[...packages].join(', ')}`,
  );
  assert.match(await readFile(path.join(DIST_DIR, 'main.mjs'), 'utf8'), /await import\("\.\/run-[\w-]+\.mjs"\)/);
  // And React is not built in: no built file holds its code (their source maps name no file of its packages).
  for (const name of await readdir(DIST_DIR, { recursive: true })) {
    if (!name.endsWith('.mjs.map')) continue;
    const { sources } = JSON.parse(await readFile(path.join(DIST_DIR, name), 'utf8')) as { sources: string[] };
    assert.deepEqual(
      sources.filter((source) => /node_modules\/react(-dom)?\//.test(source)),
      [],
      name,
    );
  }
});

test('a built tool runs while its sources are those it was built from, and refuses once one changed', async () => {
  await receiverBuilt();
  // A copy of the repository as the build knows it: the built files, the sources they list, the packages.
  const repo = await tempDir();
  cleanup.push(() => removeDir(repo));
  const repoDir = path.resolve(DIST_DIR, '../..');
  const sources = JSON.parse(await readFile(SOURCES_FILE, 'utf8')) as Record<string, string>;
  for (const file of Object.keys(sources)) {
    await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
    await copyFile(path.join(repoDir, file), path.join(repo, file));
  }
  await cp(DIST_DIR, path.join(repo, 'receiver', 'dist'), { recursive: true });
  await copyFile(path.join(repoDir, 'receiver', 'package.json'), path.join(repo, 'receiver', 'package.json'));
  await symlink(path.join(repoDir, 'node_modules'), path.join(repo, 'node_modules'));
  await symlink(path.join(repoDir, 'receiver', 'node_modules'), path.join(repo, 'receiver', 'node_modules'));
  const listTool = (dataDir: string) =>
    promisify(execFile)(process.execPath, [path.join(repo, 'receiver', 'dist', 'bin', 'list.mjs'), '--help'], {
      env: { ...process.env, ...testEnv(dataDir) },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: Run) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  const dataDir = path.join(repo, 'data');

  const fresh = await listTool(dataDir);
  assert.equal(fresh.code, 0, fresh.stderr);
  assert.match(fresh.stdout, /npm run receiver:list/);

  await appendFile(path.join(repo, 'lib', 'format.ts'), '// changed after the build\n');
  const stale = await listTool(dataDir);
  assert.equal(stale.code, 1);
  assert.equal(stale.stdout, '');
  // It names the file and the command that builds again.
  assert.ok(stale.stderr.includes('lib/format.ts'), stale.stderr);
  assert.ok(stale.stderr.includes('npm run receiver:build'), stale.stderr);
});
