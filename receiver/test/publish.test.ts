import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import {
  latestPublications,
  liveRelease,
  previewDir,
  publicationOf,
  PublishError,
  rollback,
  startPreview,
  startPublication,
  type PublishDeps,
} from '../src/publish/engine';
import { publishMessages } from '../src/publish/messages';
import { KEPT_PREVIOUS } from '../src/publish/releases';
import { readAudit } from '../src/store/audit';
import { ConfigError, envSchema, loadConfig } from '../src/config';
import { DEFAULT_SITE_CGV_COMMAND, DEFAULT_SITE_CHECK_COMMAND } from '../src/site-settings';
import { eraseDisabledMembers, erasedMemberLabel } from '../src/store/staff-retention';
import { waitFor } from './helpers';
import { openGate, PHONE_FILE, phoneFile, servedPhone, sitesOfThisFile, type TestSite } from './publish-site';

const newSite = sitesOfThisFile();

async function publishPhone(site: TestSite, phone: string, deps: PublishDeps = site.deps) {
  const started = await startPublication(deps, {
    files: [phoneFile(phone)],
    author: site.author,
    message: `Téléphone : ${phone}`,
    changes: [{ page: 'Coordonnées', field: 'Téléphone', from: '', to: phone }],
  });
  return started.done;
}

/** The checkout as a publication must leave it after a failure: HEAD, index and work tree unchanged. */
function assertCheckoutUnchanged(site: TestSite, head: string, phoneBefore: string) {
  assert.equal(site.gitIn('rev-parse', 'HEAD'), head, 'the failed publication’s commit is undone');
  assert.equal(site.gitIn('status', '--porcelain', '--', 'content'), '', 'the work tree is as before');
  assert.equal(JSON.parse(readFileSync(path.join(site.site.sourceDir, PHONE_FILE), 'utf8')).telephone, phoneBefore);
}

function releaseFolders(site: TestSite): string[] {
  return readdirSync(site.site.releasesDir).filter((name) => !name.startsWith('.') && name !== 'current');
}

describe('the test sites', () => {
  test('each is a repository of its own, copied from one first commit: a publication in one leaves the other', async () => {
    const one = await newSite();
    const other = await newSite();
    const head = other.gitIn('rev-parse', 'HEAD');
    assert.equal(one.gitIn('rev-parse', 'HEAD'), head, 'both start from the same first commit');
    assert.equal(other.gitIn('status', '--porcelain', '--untracked-files=all'), '', 'a clean checkout');
    const done = await publishPhone(one, '04 93 00 00 09');
    assert.equal(done.stage, 'en-ligne', done.error);
    assert.notEqual(one.gitIn('rev-parse', 'HEAD'), head);
    assert.equal(other.gitIn('rev-parse', 'HEAD'), head);
    assert.equal(other.gitIn('log', '--format=%s'), 'Le site');
    assertCheckoutUnchanged(other, head, '04 00 00 00 01');
    assert.equal(servedPhone(one.site), '04 93 00 00 09');
    assert.equal(readdirSync(other.site.releasesDir).length, 0);
  });
});

describe('a publication', () => {
  test('commits the data as the member, builds, checks, and switches current to the new release', async () => {
    const site = await newSite();
    const done = await publishPhone(site, '04 93 12 34 56');
    assert.equal(done.stage, 'en-ligne', done.error);
    assert.equal(servedPhone(site.site), '04 93 12 34 56');
    assert.equal(servedPhone(site.site, 'services/index.html'), '04 93 12 34 56');
    assert.equal(await liveRelease(site.deps), done.release);
    // The commit: the member as author, the receiver as committer, the caller's message, the JSON as written.
    assert.equal(site.gitIn('log', '-1', '--format=%an <%ae>'), `${site.author.name} <${site.author.email}>`);
    assert.equal(site.gitIn('log', '-1', '--format=%ce'), site.deps.fromEmail);
    assert.equal(site.gitIn('log', '-1', '--format=%s'), 'Téléphone : 04 93 12 34 56');
    assert.equal(site.gitIn('rev-parse', 'HEAD'), done.commit);
    assert.equal(
      site.gitIn('show', `HEAD:${PHONE_FILE}`) + '\n',
      `${JSON.stringify({ telephone: '04 93 12 34 56' }, null, 2)}\n`,
    );
    assert.equal(site.gitIn('status', '--porcelain', '--', 'content'), '');
    // Stages and times recorded; the audit row carries who and the changes.
    assert.ok(done.finishedAt && done.startedAt <= done.finishedAt);
    const [audit] = await readAudit(site.db, { action: 'site_published' });
    assert.equal(audit?.userId, site.author.memberId);
    assert.deepEqual(JSON.parse(audit?.detail ?? '{}').changes, [
      { page: 'Coordonnées', field: 'Téléphone', from: '', to: '04 93 12 34 56' },
    ]);
    assert.equal((await latestPublications(site.db, 5))[0]?.id, done.id);
  });

  test(`keeps the release online and the ${KEPT_PREVIOUS} previous ones, deleting older ones`, async () => {
    const site = await newSite();
    const ids: number[] = [];
    for (let index = 0; index < KEPT_PREVIOUS + 3; index += 1) {
      const done = await publishPhone(site, `04 93 00 00 ${String(index).padStart(2, '0')}`);
      assert.equal(done.stage, 'en-ligne', done.error);
      ids.push(done.id);
    }
    const kept = ids.slice(-(KEPT_PREVIOUS + 1)).map((id) => `publication-${id}`);
    assert.deepEqual(releaseFolders(site).sort(), [...kept].sort());
    assert.equal(await liveRelease(site.deps), kept.at(-1));
    const logs = readdirSync(path.join(site.site.releasesDir, '.journaux')).sort();
    assert.deepEqual(
      logs,
      ids
        .slice(-(KEPT_PREVIOUS + 1))
        .map((id) => `${id}.log`)
        .sort(),
    );
  });

  test('keeps the hashed files of the release it replaces, for the pages already open', async () => {
    const site = await newSite();
    const first = await publishPhone(site, '04 93 12 34 56');
    const second = await publishPhone(site, '04 93 65 43 21');
    const scripts = (release: string) => readdirSync(path.join(site.site.releasesDir, release, '_next/static')).sort();
    const [older] = scripts(first.release!);
    assert.equal(scripts(first.release!).length, 1);
    assert.ok(older && scripts(second.release!).includes(older), 'the first build’s script is served still');
    assert.equal(scripts(second.release!).length, 2);
    const { statSync } = await import('node:fs');
    const mode = statSync(path.join(site.site.releasesDir, second.release!, 'index.html')).mode & 0o777;
    assert.equal(mode & 0o004, 0o004, 'nginx, another user, reads the files');
  });

  test('a second publication, or a preview, is refused while one runs', async () => {
    const site = await newSite({ settings: { buildCommand: 'node build.mjs gate' } });
    const first = await startPublication(site.deps, {
      files: [phoneFile('04 93 11 11 11')],
      author: site.author,
      message: 'Premier',
      changes: [],
    });
    await waitFor(
      'the first build to run',
      async () => (await publicationOf(site.db, first.id))?.stage === 'construction',
    );
    await assert.rejects(publishPhone(site, '04 93 22 22 22'), new PublishError(publishMessages.busy));
    await assert.rejects(
      startPreview(site.deps, { files: [phoneFile('04 93 22 22 22')], author: site.author }),
      new PublishError(publishMessages.busy),
    );
    await openGate(site.site);
    assert.equal((await first.done).stage, 'en-ligne');
    assert.equal(servedPhone(site.site), '04 93 11 11 11');
    // The lock is free again.
    assert.equal(
      (
        await publishPhone(site, '04 93 33 33 33', {
          ...site.deps,
          site: { ...site.site, buildCommand: 'node build.mjs' },
        })
      ).stage,
      'en-ligne',
    );
  });

  test('a path outside content/data/, or not .json, is refused before anything is written', async () => {
    const site = await newSite();
    const head = site.gitIn('rev-parse', 'HEAD');
    for (const file of [
      '../outside.json',
      'content/data/../../build.mjs',
      'content/site.ts',
      'content/data/coordonnees.ts',
      '/etc/passwd.json',
      'content/data/./coordonnees.json',
      'content/data/.cache.json',
    ]) {
      await assert.rejects(
        startPublication(site.deps, {
          files: [{ path: file, json: {} }],
          author: site.author,
          message: 'x',
          changes: [],
        }),
        new PublishError(publishMessages.pathRefused(file)),
        file,
      );
    }
    assert.equal(site.gitIn('rev-parse', 'HEAD'), head);
    assert.deepEqual(await latestPublications(site.db, 5), []);
  });

  test('a symlink inside content/data/ leading out is not followed', async () => {
    const site = await newSite();
    const { symlinkSync, writeFileSync } = await import('node:fs');
    const outside = path.join(site.dir, 'outside');
    writeFileSync(outside, 'untouched');
    symlinkSync(outside, path.join(site.site.sourceDir, 'content/data/lien.json'));
    site.gitIn('add', '-A');
    site.gitIn('commit', '--quiet', '-m', 'Un lien');
    const done = (
      await startPublication(site.deps, {
        files: [{ path: 'content/data/lien.json', json: { a: 1 } }],
        author: site.author,
        message: 'Lien',
        changes: [],
      })
    ).done;
    assert.equal((await done).stage, 'en-ligne');
    assert.equal(readFileSync(outside, 'utf8'), 'untouched');
  });
});

describe('a failed publication leaves the site online as it was, its commit and release undone', () => {
  const cases = [
    { how: 'fail', message: publishMessages.buildFailed(1, '') },
    { how: 'kill', message: publishMessages.killed },
    { how: 'oom', message: publishMessages.outOfMemory },
  ];
  for (const { how, message } of cases) {
    test(`a build that ${how === 'fail' ? 'exits 1' : how === 'kill' ? 'is killed' : 'runs out of memory'}`, async () => {
      const site = await newSite();
      const first = await publishPhone(site, '04 93 44 44 44');
      const head = site.gitIn('rev-parse', 'HEAD');
      const failing = { ...site.deps, site: { ...site.site, buildCommand: `node build.mjs ${how}` } };
      const done = await publishPhone(site, '04 93 55 55 55', failing);
      assert.equal(done.stage, 'echec');
      // The French error says what to do (the log's path differs per publication).
      const stem = (text: string) => text.split('journal')[0];
      assert.equal(stem(done.error ?? ''), stem(message));
      assert.equal(await liveRelease(site.deps), first.release);
      assert.equal(servedPhone(site.site), '04 93 44 44 44');
      assert.deepEqual(releaseFolders(site), [first.release]);
      assert.ok(!readdirSync(site.site.releasesDir).some((name) => name.startsWith('.construction')));
      assertCheckoutUnchanged(site, head, '04 93 44 44 44');
      assert.equal((await publishPhone(site, '04 93 66 66 66')).stage, 'en-ligne', 'the lock is free');
    });
  }

  test('a go-live check that refuses the release', async () => {
    const site = await newSite();
    const first = await publishPhone(site, '04 93 44 44 44');
    const head = site.gitIn('rev-parse', 'HEAD');
    const done = await publishPhone(site, 'EXEMPLE');
    assert.equal(done.stage, 'echec');
    assert.match(
      done.error ?? '',
      /refusé cette version[\s\S]*Mise en ligne refusée : le site contient encore des valeurs d’exemple/,
    );
    assert.equal(await liveRelease(site.deps), first.release);
    assert.deepEqual(releaseFolders(site), [first.release]);
    assertCheckoutUnchanged(site, head, '04 93 44 44 44');
    // A site not yet live (SITE_DEMO) follows the same rule as deploy/render.ts --demo.
    const demo = { ...site.deps, site: { ...site.site, demo: true } };
    assert.equal((await publishPhone(site, 'EXEMPLE', demo)).stage, 'en-ligne');
  });

  test('a full disk (a small tmpfs for the checkout)', async (t) => {
    if (process.getuid?.() !== 0) return t.skip('mounting a tmpfs needs root');
    const { mkdtempSync } = await import('node:fs');
    const { execFileSync } = await import('node:child_process');
    const { tmpdir } = await import('node:os');
    const mount = mkdtempSync(path.join(tmpdir(), 'publish-tmpfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mount]);
    t.after(() => {
      execFileSync('umount', [mount]);
      execFileSync('rmdir', [mount]);
    });
    const site = await newSite({ sourceDir: path.join(mount, 'checkout') });
    const first = await publishPhone(site, '04 93 44 44 44');
    assert.equal(first.stage, 'en-ligne', first.error);
    const head = site.gitIn('rev-parse', 'HEAD');
    const filling = { ...site.deps, site: { ...site.site, buildCommand: 'node build.mjs fill' } };
    const done = await publishPhone(site, '04 93 55 55 55', filling);
    assert.equal(done.stage, 'echec');
    assert.equal(done.error, publishMessages.diskFull);
    assert.equal(servedPhone(site.site), '04 93 44 44 44');
    assert.deepEqual(releaseFolders(site), [first.release]);
    assertCheckoutUnchanged(site, head, '04 93 44 44 44');
  });
});

describe('rollback', () => {
  test('switches current back to the previous release without a rebuild, commits its data, and is recorded', async () => {
    const site = await newSite();
    const first = await publishPhone(site, '04 93 10 10 10');
    const second = await publishPhone(site, '04 93 20 20 20');
    assert.equal(servedPhone(site.site), '04 93 20 20 20');
    // No rebuild: a build command that would fail is never run.
    const noBuild = { ...site.deps, site: { ...site.site, buildCommand: 'node build.mjs fail' } };
    const back = await (await rollback(noBuild, { author: site.author })).done;
    assert.equal(back.stage, 'en-ligne', back.error);
    assert.equal(back.kind, 'retour');
    assert.equal(await liveRelease(site.deps), first.release);
    assert.equal(servedPhone(site.site), '04 93 10 10 10');
    assert.ok(existsSync(path.join(site.site.releasesDir, second.release!)), 'the newer release is kept');
    // The checkout's data is the live release's again, by a commit of the member.
    assert.equal(JSON.parse(site.gitIn('show', `HEAD:${PHONE_FILE}`)).telephone, '04 93 10 10 10');
    assert.equal(site.gitIn('log', '-1', '--format=%an'), site.author.name);
    assert.equal(site.gitIn('status', '--porcelain', '--', 'content'), '');
    const [audit] = await readAudit(site.db, { action: 'site_rolled_back' });
    assert.equal(audit?.userId, site.author.memberId);
    assert.deepEqual(JSON.parse(audit?.detail ?? '{}').changes, [
      { page: 'Coordonnées', field: 'Téléphone', from: '04 93 20 20 20', to: '' },
    ]);
    // The next publication starts from what is online.
    const third = await publishPhone(site, '04 93 30 30 30');
    assert.equal(third.stage, 'en-ligne');
    assert.equal(servedPhone(site.site), '04 93 30 30 30');
  });

  test('with no previous release, nothing to go back to', async () => {
    const site = await newSite();
    await publishPhone(site, '04 93 10 10 10');
    await assert.rejects(rollback(site.deps, { author: site.author }), new PublishError(publishMessages.noPrevious));
  });
});

describe('preview', () => {
  test('builds the pending data into its own folder: no commit, no switch, the checkout as before', async () => {
    const site = await newSite();
    const first = await publishPhone(site, '04 93 10 10 10');
    const head = site.gitIn('rev-parse', 'HEAD');
    const started = await startPreview(site.deps, { files: [phoneFile('04 93 99 99 99')], author: site.author });
    const done = await started.done;
    assert.equal(done.stage, 'pret', done.error);
    const folder = await previewDir(site.deps, started.id);
    assert.ok(folder);
    assert.match(readFileSync(path.join(folder, 'index.html'), 'utf8'), /04 93 99 99 99/);
    assert.equal(await liveRelease(site.deps), first.release);
    assert.equal(servedPhone(site.site), '04 93 10 10 10');
    assertCheckoutUnchanged(site, head, '04 93 10 10 10');
    assert.deepEqual(releaseFolders(site), [first.release]);
  });
});

describe('the settings and the member’s data', () => {
  test('publication is on with both folders, off with neither; one alone stops the start', () => {
    const off = loadConfig({}, '/srv/recepteur');
    assert.equal(off.site, undefined);
    const on = loadConfig({ SITE_SOURCE_DIR: '../site', SITE_RELEASES_DIR: '/var/www/site' }, '/srv/recepteur');
    assert.deepEqual(on.site, {
      sourceDir: '/srv/site',
      releasesDir: '/var/www/site',
      buildCommand: envSchema.properties.SITE_BUILD_COMMAND.default,
      checkCommand: DEFAULT_SITE_CHECK_COMMAND,
      cgvCommand: DEFAULT_SITE_CGV_COMMAND,
      reloadCommand: undefined,
      deployCommand: undefined,
      demo: false,
      buildMemoryMb: envSchema.properties.SITE_BUILD_MEMORY_MB.default,
      photoCommand: envSchema.properties.SITE_PHOTO_COMMAND.default,
    });
    assert.equal(loadConfig({ SITE_SOURCE_DIR: '/a', SITE_RELEASES_DIR: '/b', SITE_DEMO: '1' }).site?.demo, true);
    assert.throws(() => loadConfig({ SITE_SOURCE_DIR: '/srv/site' }), ConfigError);
    assert.throws(() => loadConfig({ SITE_RELEASES_DIR: '/var/www/site' }), /SITE_SOURCE_DIR et SITE_RELEASES_DIR/);
  });

  test('an erased member’s name and address leave the publications they made', async () => {
    const site = await newSite();
    const done = await publishPhone(site, '04 93 12 34 56');
    await site.db.execute({ sql: 'UPDATE users SET disabled_at = ? WHERE id = ?', args: ['2026-01-01', 1] });
    await eraseDisabledMembers(site.db, new Date('2027-06-01'), 6);
    const publication = await publicationOf(site.db, done.id);
    assert.equal(publication?.author.name, erasedMemberLabel(1));
    assert.doesNotMatch(publication?.author.email ?? '', /claire/);
  });
});
