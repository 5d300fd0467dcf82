import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { RECEIVER_DIR } from '../receiver-dir';
import { ROUTES } from './paths';

/**
 * The inbox's static files, served outside the guard (the sign-in and enrolment pages need them) by
 * @fastify/static: the folder static/ (the stylesheet and the passkey script, one route per file found at
 * start, nothing else answers), and SimpleWebAuthnBrowser's prebuilt bundle from its package, as
 * webauthn.js. No cache (the inbox's no-store applies to them too): they are small and change with a
 * release.
 */

const STATIC_DIR = path.join(RECEIVER_DIR, 'src', 'inbox', 'static');
const WEBAUTHN_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')),
  '../dist/bundle',
);

export default async function staticFiles(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: STATIC_DIR,
    prefix: ROUTES.static,
    wildcard: false,
    cacheControl: false,
    etag: false,
    lastModified: false,
  });
  // Scripts are text/javascript (RFC 9239), whatever the library's MIME table says.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type')).startsWith('application/javascript')) {
      reply.type('text/javascript; charset=utf-8');
    }
    return payload;
  });
  app.get(ROUTES.webauthnScript, async (_request, reply) =>
    reply.sendFile('index.umd.min.js', WEBAUTHN_DIR, { cacheControl: false, etag: false, lastModified: false }),
  );
}
