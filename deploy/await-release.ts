// Part of SITE_RELOAD_COMMAND (docs/publication.md): after nginx was told to reload, waits until it answers
// with the new configuration, the one that holds the new release's policies (deploy/render.ts --releases),
// so that the receiver switches `current` only then. It asks nginx's local probe (RELEASES_PROBE_PATH, the
// server itself only) until its list names the release, and fails after --timeout seconds (30).
//
// Usage: tsx deploy/await-release.ts --url http://127.0.0.1:80 --release "$SITE_RELEASE"
//          [--host www.example.fr] [--timeout 30]
// With https:// the certificate is not checked (the server asks itself); --host sets the server name asked.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { basename } from 'node:path';
import { isMain, parseFlags, runCommand } from '../scripts/cli';
import { RELEASES_PROBE_PATH } from './render';

/** The releases the configuration nginx answers with lists, or undefined when it does not answer. */
function probe(url: URL, host: string | undefined): Promise<string[] | undefined> {
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      new URL(RELEASES_PROBE_PATH, url),
      {
        headers: { Connection: 'close', ...(host ? { Host: host } : {}) },
        servername: host,
        rejectUnauthorized: false,
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(res.statusCode === 200 ? body.trim().split(/\s+/) : undefined));
      },
    );
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/** Waits until nginx at `url` knows `release` (a folder name or its path). */
export async function awaitRelease(options: { url: string; release: string; host?: string; timeoutMs?: number }) {
  const name = basename(options.release);
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    if ((await probe(new URL(options.url), options.host))?.includes(name)) return;
    if (Date.now() > deadline)
      throw new Error(`nginx at ${options.url} does not list ${name} at ${RELEASES_PROBE_PATH}: was it reloaded?`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

if (isMain(__filename)) {
  runCommand(async () => {
    const flags = parseFlags({ url: 'string', release: 'string', host: 'string', timeout: 'string' });
    if (!flags.url || !flags.release) throw new Error('--url and --release are required');
    await awaitRelease({
      url: flags.url,
      release: flags.release,
      host: flags.host,
      timeoutMs: flags.timeout ? Number(flags.timeout) * 1000 : undefined,
    });
  });
}
