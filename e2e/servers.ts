import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { freePort } from '../receiver/test/smtp';

// One free-port helper for every test (receiver/test/smtp.ts); other specs keep importing it from here.
export { freePort };
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompress, renderNginx, type NginxOptions } from '../deploy/render';

/**
 * Real servers for the deployment tests: nginx with the project's config (deploy/nginx.conf rendered by
 * deploy/render.ts exactly as for production, only the root, the port and the receiver's address differ),
 * and the helpers to talk to them without a browser.
 */

export function findNginx(): string | undefined {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (which) return which;
  return ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((path) => existsSync(path));
}

/** mime.types of that nginx (beside its default nginx.conf: /etc/nginx on Debian). */
export function mimeTypesFile(bin: string): string {
  const version = spawnSync(bin, ['-V'], { encoding: 'utf8' });
  const confPath = /--conf-path=(\S+)/.exec(`${version.stderr}${version.stdout}`)?.[1] ?? '/etc/nginx/nginx.conf';
  return join(confPath, '..', 'mime.types');
}

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One HTTP request without redirects or decompression: what the server really sends. */
export function raw(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  { method = 'GET', body, localAddress }: { method?: string; body?: Buffer; localAddress?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls `check` until it is true, for at most `timeoutMs` (a server starting up, a mail arriving). */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A wrapper around the deployed server block: the only test-specific lines are paths and the user. */
export function mainConfig(prefix: string, siteConfig: string, mimeTypes: string): string {
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
    include ${mimeTypes};
    default_type application/octet-stream;
    sendfile on;
    access_log ${prefix}/access.log;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    include ${siteConfig};
}
`;
}

/** Stops a child process and waits for it to exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await exited;
}

export type Nginx = { origin: string; root: string; stop: () => Promise<void> };

/**
 * nginx serving a precompressed copy of an export with the project's config, on a free local port.
 * Options of the config (the receiver's address, the build's origins) are passed to renderNginx.
 */
export async function startNginx(
  outDir: string,
  {
    port: wantedPort,
    ...options
  }: Omit<NginxOptions, 'outDir' | 'root' | 'listen' | 'serverName'> & { port?: number } = {},
): Promise<Nginx> {
  const bin = findNginx();
  if (!bin) {
    throw new Error(
      'nginx is not installed: scripts/install-test-deps.sh installs it from Debian (apt-get install nginx), or set NGINX_PATH',
    );
  }
  if (!existsSync(join(outDir, 'index.html')))
    throw new Error(`${outDir} is missing: build first (npm test builds it)`);
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-e2e-'));
  const root = join(prefix, 'site');
  cpSync(outDir, root, { recursive: true });
  precompress(root);
  const port = wantedPort ?? (await freePort());
  const siteConfig = join(prefix, 'site.conf');
  writeFileSync(
    siteConfig,
    renderNginx({ outDir: root, root, listen: `127.0.0.1:${port}`, serverName: 'localhost', ...options }),
  );
  writeFileSync(join(prefix, 'nginx.conf'), mainConfig(prefix, siteConfig, mimeTypesFile(bin)));
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const child = spawn(
    bin,
    ['-c', join(prefix, 'nginx.conf'), '-p', prefix, '-g', `daemon off; pid ${prefix}/nginx.pid;`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Should the worker end without its teardown, nginx must not outlive it.
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const origin = `http://127.0.0.1:${port}`;
  try {
    await until('nginx to answer', async () => {
      if (child.exitCode !== null) throw new Error('nginx exited');
      return raw(origin, '/').then(
        () => true,
        () => false,
      );
    });
  } catch (error) {
    child.kill('SIGKILL');
    const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
    throw new Error(`nginx did not start (${error instanceof Error ? error.message : error}):\n${stderr}\n${log}`);
  }
  return {
    origin,
    root,
    stop: async () => {
      process.off('exit', kill);
      await stopProcess(child);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
