import assert from 'node:assert/strict';
import { stockPhotoHost } from '@/content/images';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cgvVersions } from '@/content/legal/cgv-version';
import { routes } from '@/content/navigation';
import { DEVIS_CLIENT_PATH } from '@/content/devis';
import { placeholders, type Placeholder } from '@/content/placeholders';
import { maps } from '@/content/site';
import { PHOTO_CDN } from '@/lib/photo';
import { baselinePolicy, cacheControl, contentSecurityPolicy, mapHosts, securityHeaders } from '../../deploy/policy';
import {
  goLiveProblems,
  HEADERS_FILE_VALUE_LIMIT,
  inlineScripts,
  pagePolicies,
  renderHeadersFile,
  renderNginx,
  sha256Source,
} from '../../deploy/render';
import { htmlFileFor } from '../../scripts/budget';
import { OUT } from './out-files';

/** The deployment step (deploy/render.ts) on the built out/: policies, host files, the go-live check. */

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

const hashesOf = (route: string) => inlineScripts(readFileSync(htmlFileFor(OUT, route), 'utf8')).map(sha256Source);

describe('Content-Security-Policy', () => {
  const pages = pagePolicies(OUT, { quoteEndpoint: null, analyticsScript: null });

  test('one policy per page: the routes, the dated CGV versions and the 404 page', () => {
    const versions = cgvVersions.map((version) => version.href);
    assert.deepEqual(pages.map((page) => page.route).sort(), [...routes, ...versions, '/404.html'].sort());
  });

  test('each page allows its own inline scripts, and none of another page', () => {
    const all = new Set(pages.flatMap((page) => hashesOf(page.route)));
    for (const page of pages) {
      const scriptSrc = directives(page.csp).get('script-src') ?? [];
      const own = new Set(hashesOf(page.route));
      assert.ok(own.size > 0, `${page.route} has inline scripts`);
      for (const hash of own) assert.ok(scriptSrc.includes(hash), `${page.route} allows its script ${hash}`);
      for (const hash of all) {
        if (!own.has(hash)) assert.ok(!scriptSrc.includes(hash), `${page.route} does not allow ${hash}`);
      }
      assert.ok(!scriptSrc.includes("'unsafe-inline'") && !scriptSrc.includes("'unsafe-eval'"));
      assert.ok(page.csp.length <= HEADERS_FILE_VALUE_LIMIT, `${page.route}: ${page.csp.length} characters`);
    }
  });

  test('the photo CDN (on the home page, which shows stock photos) and the map are allowed, from the hosts content/ names', () => {
    assert.deepEqual([...mapHosts], [...maps.hosts]);
    const csp = directives(pages.find((page) => page.route === '/')?.csp ?? '');
    assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', PHOTO_CDN]);
    for (const host of maps.hosts) assert.ok(csp.get('frame-src')?.includes(`https://${host}`));
    assert.ok(csp.get('frame-src')?.includes(new URL(maps.embed).origin));
    assert.deepEqual(csp.get('connect-src'), ["'self'"]);
    assert.deepEqual(csp.get('form-action'), ["'self'"]);
    assert.deepEqual(csp.get('style-src-elem'), ["'self'"]);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
  });

  test('a quote endpoint on another origin is allowed for fetch and form posts; a relative one is self', () => {
    const other = directives(
      contentSecurityPolicy({ scriptHashes: [], quoteEndpoint: 'https://formulaires.example/f/devis' }),
    );
    assert.deepEqual(other.get('connect-src'), ["'self'", 'https://formulaires.example']);
    assert.deepEqual(other.get('form-action'), ["'self'", 'https://formulaires.example']);
    const same = directives(contentSecurityPolicy({ scriptHashes: [], quoteEndpoint: '/api/devis' }));
    assert.deepEqual(same.get('connect-src'), ["'self'"]);
  });

  test('the baseline policy restricts no script, so that sent beside a page’s policy it changes nothing', () => {
    const baseline = directives(baselinePolicy);
    for (const name of ['default-src', 'script-src', 'script-src-elem', 'connect-src', 'style-src', 'img-src']) {
      assert.equal(baseline.has(name), false, name);
    }
    assert.deepEqual(baseline.get('frame-ancestors'), ["'none'"]);
  });
});

describe('_headers for Netlify and Cloudflare Pages', () => {
  const file = renderHeadersFile(OUT, { quoteEndpoint: null, analyticsScript: null });
  const rules = new Map(
    file
      .split('\n\n')
      .map((block) => block.split('\n').filter((line) => line && !line.startsWith('#')))
      .filter((lines) => lines.length)
      .map(([path, ...headers]) => [path ?? '', headers.map((line) => line.trim())]),
  );

  test('security headers and the baseline policy on every path, immutable caching for hashed files', () => {
    const all = rules.get('/*') ?? [];
    for (const [name, value] of Object.entries(securityHeaders)) assert.ok(all.includes(`${name}: ${value}`), name);
    assert.ok(all.includes(`Content-Security-Policy: ${baselinePolicy}`));
    assert.deepEqual(rules.get('/_next/static/*'), [`Cache-Control: ${cacheControl.immutable}`]);
  });

  test('each page’s paths carry that page’s policy, and only it', () => {
    const pages = pagePolicies(OUT, { quoteEndpoint: null, analyticsScript: null });
    for (const page of pages) {
      const paths =
        page.route === '/'
          ? ['/', '/index.html']
          : page.route === '/404.html'
            ? ['/404.html']
            : [page.route, page.route.slice(0, -1), `${page.route}index.html`];
      for (const path of paths) assert.deepEqual(rules.get(path), [`Content-Security-Policy: ${page.csp}`], path);
    }
  });
});

describe('nginx', () => {
  test('the rendered config is the template with every placeholder filled, one policy per page', () => {
    const config = renderNginx({
      outDir: OUT,
      root: '/var/www/site',
      listen: '8080',
      serverName: 'www.example.fr',
      quoteEndpoint: null,
      analyticsScript: null,
    });
    assert.match(config, /root \/var\/www\/site;/);
    assert.match(config, /listen 8080;/);
    assert.doesNotMatch(config, /__[A-Z_]+__/);
    for (const page of pagePolicies(OUT, { quoteEndpoint: null, analyticsScript: null })) {
      assert.ok(config.includes(`${page.uri} `) && config.includes(`"${page.csp}";`), page.uri);
    }
    assert.ok(!config.includes('proxy_pass'), 'no receiver unless asked');
  });

  test('with --receiver, /api/devis goes to the receiver with a body limit that fits a 10 Mo file', () => {
    const config = renderNginx({ outDir: OUT, receiver: '127.0.0.1:8787', quoteEndpoint: '/api/devis' });
    assert.match(config, /location \^~ \/api\/devis \{\s+proxy_pass http:\/\/127\.0\.0\.1:8787;/);
    assert.match(config, /client_max_body_size 11m;/);
    assert.throws(() => renderNginx({ outDir: OUT, receiver: 'http://x' }), /expected host:port/);
  });

  test('with --receiver, the client’s page of a devis goes to the receiver, which sets its own CSP there', () => {
    const config = renderNginx({ outDir: OUT, receiver: '127.0.0.1:8787', quoteEndpoint: '/api/devis' });
    const location = new RegExp(`location \\^~ ${DEVIS_CLIENT_PATH}/ \\{([^}]*)\\}`).exec(config)?.[1] ?? '';
    assert.match(location, /proxy_pass http:\/\/127\.0\.0\.1:8787;/);
    assert.match(location, /add_header Cache-Control "no-store" always;/);
    assert.match(location, /add_header X-Robots-Tag "noindex, nofollow" always;/);
    assert.match(location, /add_header Strict-Transport-Security "max-age=\d+/);
    // The path carries the link's secret: never written to nginx's access log.
    assert.match(location, /^\s*access_log off;$/m);
    // The page's own CSP (its inline style by hash) and no-referrer, never the site's.
    assert.doesNotMatch(location, /Content-Security-Policy|Referrer-Policy/);
  });

  test('with --inbox, /gestion/ goes to the team inbox, which alone sets its headers there', () => {
    const config = renderNginx({ outDir: OUT, inbox: '127.0.0.1:8788', quoteEndpoint: null, analyticsScript: null });
    const location = /location \^~ \/gestion\/ \{([^}]*)\}/.exec(config)?.[1] ?? '';
    assert.match(location, /proxy_pass http:\/\/127\.0\.0\.1:8788;/);
    // An add_header in the location: none of the server block's (the site's CSP and referrer policy) apply.
    assert.match(location, /add_header Cache-Control "no-store" always;/);
    assert.doesNotMatch(location, /Content-Security-Policy|Referrer-Policy/);
    assert.doesNotMatch(renderNginx({ outDir: OUT, quoteEndpoint: null, analyticsScript: null }), /\/gestion\//);
    assert.throws(() => renderNginx({ outDir: OUT, inbox: 'http://x' }), /expected host:port/);
  });
});

describe('the go-live check', () => {
  const pending: Placeholder = {
    what: 'Médiateur',
    where: 'content/data/mise-en-ligne.json (mediator)',
    page: 'mise-en-ligne',
    fields: ['/mediator'],
    pending: true,
  };
  const done: Placeholder = {
    what: 'SIREN',
    where: 'content/data/mise-en-ligne.json (siren)',
    page: 'mise-en-ligne',
    fields: ['/siren'],
    pending: false,
  };

  test('one line per pending placeholder, naming the file, and one when the form only simulates', () => {
    assert.deepEqual(goLiveProblems({ placeholders: [pending, done], quoteEndpoint: undefined }), [
      'Médiateur : valeur d’exemple à remplacer dans content/data/mise-en-ligne.json (mediator).',
      'Le formulaire de devis ne fait que simuler l’envoi : construisez le site avec NEXT_PUBLIC_QUOTE_ENDPOINT (docs/recevoir-les-demandes.md).',
    ]);
  });

  test('CGV changed since their version in force: one line that says how to record the new version', () => {
    const [line] = goLiveProblems({ placeholders: [], quoteEndpoint: '/api/devis', cgvChangedSince: '2026-11-23' });
    assert.match(line ?? '', /^Les CGV ont changé depuis leur version du 23\s+novembre\s+2026 : .*npm run cgv:snapshot\.$/u);
  });

  test('nothing to say once every value is real and requests are sent', () => {
    assert.deepEqual(goLiveProblems({ placeholders: [done], quoteEndpoint: '/api/devis' }), []);
  });

  // The command itself, on a copy of out/ (it writes _headers there).
  const copy = mkdtempSync(join(tmpdir(), 'render-'));
  cpSync(OUT, join(copy, 'out'), { recursive: true });
  after(() => rmSync(copy, { recursive: true, force: true }));
  const render = (...args: string[]) => renderWith({}, ...args);
  const renderWith = (variables: Record<string, string>, ...args: string[]) => {
    const env = { ...process.env };
    delete env.NEXT_PUBLIC_QUOTE_ENDPOINT;
    delete env.NEXT_PUBLIC_ANALYTICS_SRC;
    Object.assign(env, variables);
    return spawnSync(process.execPath, ['--import', 'tsx', 'deploy/render.ts', '--out', join(copy, 'out'), ...args], {
      encoding: 'utf8',
      env,
    });
  };

  test('the deployment step refuses this demonstration site, listing each problem', () => {
    const result = render();
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stderr.trim().split('\n');
    assert.match(lines[0] ?? '', /^Mise en ligne refusée/);
    for (const placeholder of placeholders.filter((p) => p.pending)) {
      const line = placeholder.question
        ? `- Question à trancher : ${placeholder.what} Répondez dans ${placeholder.where}.`
        : `- ${placeholder.what} : valeur d’exemple à remplacer dans ${placeholder.where}.`;
      assert.ok(lines.includes(line), line);
    }
    assert.ok(lines.some((line) => line.includes('NEXT_PUBLIC_QUOTE_ENDPOINT')));
    // out/ shows the stock photos: refused, each named with the file to drop in content/photos/.
    const photosLine = lines.find((line) => line.startsWith('- Photos : '));
    assert.ok(photosLine?.includes(stockPhotoHost.provider), photosLine);
    assert.ok(photosLine?.includes('hero.jpg'), photosLine);
    assert.equal(existsSync(join(copy, 'out', '_headers')), false, 'nothing written');
  });

  test('--demo deploys it anyway, pages untouched', () => {
    const before = readFileSync(join(copy, 'out', 'index.html'), 'utf8');
    const result = render('--demo');
    assert.equal(result.status, 0, result.stderr);
    assert.ok(existsSync(join(copy, 'out', '_headers')));
    assert.equal(readFileSync(join(copy, 'out', 'index.html'), 'utf8'), before);
  });

  test('a misspelt flag stops the step, in French and naming it, before anything is written', () => {
    const result = render('--demo', '--nginx', '-', '--reciever', '127.0.0.1:8787');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^Option inconnue : --reciever\./);
    assert.equal(result.stdout, '', 'no nginx config printed');
  });

  test('a flag missing its value stops the step', () => {
    const result = render('--demo', '--nginx');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^L’option --nginx attend une valeur\./);
  });

  test('--nginx without --receiver is refused for a build posting to its own origin', () => {
    const endpoint = '/api/devis';
    const result = renderWith({ NEXT_PUBLIC_QUOTE_ENDPOINT: endpoint }, '--demo', '--nginx', '-');
    assert.equal(result.status, 1);
    assert.ok(result.stderr.includes(`envoyer les demandes de devis à ${endpoint}`), result.stderr);
    assert.ok(result.stderr.includes('--receiver'), result.stderr);
    assert.equal(result.stdout, '');
  });
});
