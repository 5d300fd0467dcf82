import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { scriptHashes } from '../../deploy/render';
import { findNginx, mainConfig, mimeTypesFile, raw, stopProcess, until } from '../../e2e/servers';
import { rollback, startPublication } from '../src/publish/engine';
import { freePort, root } from './helpers';
import { phoneFile, testSite, tsx } from './publish-site';

/** The script hashes a Content-Security-Policy allows. */
const allowedHashes = (csp: string) => [...csp.matchAll(/'sha256-[^']+'/g)].map((match) => match[0]).sort();

test('nginx serving current during publications and a rollback answers only 200s, each page with its own policy', async (t) => {
  const bin = findNginx();
  if (!bin) return t.skip('nginx is not installed');
  const port = await freePort();
  const site = await testSite();
  const prefix = path.join(site.dir, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  const siteConfig = path.join(prefix, 'site.conf');
  // Rendered and reloaded as on a server (docs/publication.md): the configuration of every kept release,
  // a reload, and the wait until nginx answers with it.
  const render = `${tsx} deploy/render.ts --demo --out "$SITE_RELEASE" --releases "$SITE_RELEASES_DIR" --nginx ${siteConfig} --listen 127.0.0.1:${port} --server-name localhost`;
  const reloadNginx = `${bin} -c ${conf} -p ${prefix} -g "pid ${prefix}/nginx.pid;" -s reload`;
  const awaitRelease = `${tsx} deploy/await-release.ts --url http://127.0.0.1:${port} --release "$SITE_RELEASE"`;
  const reloadCommand = `cd ${root} && ${render} && ${reloadNginx} && ${awaitRelease}`;
  const deps = { ...site.deps, site: { ...site.site, reloadCommand } };

  const publish = async (phone: string) => {
    const done = await (
      await startPublication(deps, { files: [phoneFile(phone)], author: site.author, message: phone, changes: [] })
    ).done;
    assert.equal(done.stage, 'en-ligne', done.error);
    return done;
  };
  // The first release, then nginx as deployed, serving SITE_RELEASES_DIR/current.
  const { releasesDir } = site.site;
  const first = await (
    await startPublication(site.deps, {
      files: [phoneFile('04 93 00 00 00')],
      author: site.author,
      message: '1',
      changes: [],
    })
  ).done;
  execFileSync('sh', ['-c', render], {
    cwd: root,
    env: { ...process.env, SITE_RELEASE: path.join(releasesDir, first.release!), SITE_RELEASES_DIR: releasesDir },
    stdio: 'ignore',
  });
  writeFileSync(conf, mainConfig(prefix, siteConfig, mimeTypesFile(bin)));
  const nginx = spawn(bin, ['-c', conf, '-p', prefix, '-g', `daemon off; pid ${prefix}/nginx.pid;`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  t.after(async () => {
    await stopProcess(nginx);
    await site.remove();
  });
  const origin = `http://127.0.0.1:${port}`;
  await until('nginx to answer', () =>
    raw(origin, '/', { Connection: 'close' }).then(
      () => true,
      () => false,
    ),
  );

  // Two clients asking for pages all along, each answer checked against its own body.
  let publishing = true;
  const seen = new Set<string>();
  const answers: number[] = [];
  const client = async (pages: string[]) => {
    for (let index = 0; publishing; index += 1) {
      const page = pages[index % pages.length]!;
      const response = await raw(origin, page, { Connection: 'close' });
      answers.push(response.status);
      assert.equal(response.status, 200, `${page}: ${response.status}`);
      const body = response.body.toString();
      const csp = String(response.headers['content-security-policy']);
      assert.deepEqual(allowedHashes(csp), scriptHashes(body), `${page}: the policy of the page served`);
      seen.add(/"telephone":"([^"]*)"/.exec(body)?.[1] ?? '');
    }
  };
  const clients = [client(['/', '/services/']), client(['/services/', '/'])];
  for (const phone of ['04 93 00 00 01', '04 93 00 00 02', '04 93 00 00 03']) await publish(phone);
  const back = await (await rollback(deps, { author: site.author })).done;
  assert.equal(back.stage, 'en-ligne', back.error);
  await until('a page of the release gone back to', () => seen.has('04 93 00 00 02'));
  publishing = false;
  await Promise.all(clients);
  assert.ok(answers.length > 20, `${answers.length} answers`);
  // The clients saw the releases change under them.
  assert.ok(seen.size >= 3, [...seen].join(', '));
});
