import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { createElement } from 'react';
import { sendNotFound } from './not-found';
import { CONTENT_SECURITY_POLICY } from './server';
import { href, ROUTES } from './paths';
import { signedIn } from './signed-in';
import { sendPage } from './ui/render';
import { SitePreviewPage } from './ui/site-preview-page';

/**
 * A finished preview of the site (« Aperçu », built by publish/ into its staging folder), behind the session
 * like every page of the inbox, managers only: a page of the inbox showing the site at a phone's width in a
 * frame, and the preview's files. The site's pages link from the root (`/contact/`, `/_next/…`): their
 * addresses are rewritten below the preview's on the way out, in HTML and CSS. Its scripts are neither served
 * nor allowed (a sandbox without scripts): the site's code never runs at the inbox's address, so the preview
 * shows the pages as they read, without the menu's button or the consent banner.
 */

export type SitePreviewOptions = { previewDir: (id: number) => Promise<string | undefined> };

const PreviewParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
const PreviewFileParams = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
  // Absent for the folder itself (`…/fichiers/`).
  '*': Type.Optional(Type.String({ maxLength: 300 })),
});

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/** The policy of a preview's file: a sandbox (no script, its own origin), framed by the inbox only. */
const FILE_POLICY =
  "sandbox; default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; frame-ancestors 'self'";

/** The inbox page's policy, plus the frame of the preview (computed when asked: server.ts imports this module). */
const pagePolicy = () =>
  Object.entries({ ...CONTENT_SECURITY_POLICY, frameSrc: ["'self'"] })
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');

/** The site's root-relative addresses, below the preview's: in attributes, srcset lists and CSS `url()`. */
export function belowPreview(text: string, base: string): string {
  return text
    .replace(/((?:href|src|action|poster|content)=")\/(?!\/)/g, `$1${base}`)
    .replace(
      /(srcset=")([^"]*)"/g,
      (_all, start: string, list: string) => `${start}${list.replace(/(^|,\s*)\/(?!\/)/g, `$1${base}`)}"`,
    )
    .replace(/url\(\s*(["']?)\/(?!\/)/g, `url($1${base}`);
}

const sitePreviewRoute: FastifyPluginAsyncTypebox<SitePreviewOptions> = async (app, { previewDir }) => {
  app.addHook('preHandler', async (request, reply) => {
    if (!signedIn(request).member.manager) return sendNotFound(request, reply);
  });

  app.get(ROUTES.sitePreviewPage, { schema: { params: PreviewParams } }, async (request, reply) => {
    const id = Number(request.params.id);
    if (!(await previewDir(id))) return sendNotFound(request, reply);
    const { member, csrfToken } = signedIn(request);
    reply.header('content-security-policy', pagePolicy());
    return sendPage(reply, createElement(SitePreviewPage, { member, csrfToken, files: href.sitePreviewFiles(id) }));
  });

  // The inbox's router ignores a trailing slash: `…/fichiers/` is `…/fichiers`, and `…/contact/` reaches the
  // handler as `contact`, a folder, whose index.html is the page.
  const sendFile = async (request: FastifyRequest<{ Params: { id: string; '*'?: string } }>, reply: FastifyReply) => {
    const id = Number(request.params.id);
    const folder = await previewDir(id);
    if (!folder) return sendNotFound(request, reply);
    let file = path.resolve(folder, request.params['*'] ?? '');
    // Inside the folder only.
    if (file !== folder && !file.startsWith(folder + path.sep)) return sendNotFound(request, reply);
    let found = await stat(file).catch(() => undefined);
    if (found?.isDirectory()) {
      file = path.join(file, 'index.html');
      found = await stat(file).catch(() => undefined);
    }
    const extension = path.extname(file);
    // Never a script: the preview's pages are read, not run.
    if (!found?.isFile() || !TYPES[extension]) return sendNotFound(request, reply);
    const body = await readFile(file);
    reply.header('content-security-policy', FILE_POLICY).header('x-frame-options', 'SAMEORIGIN');
    reply.type(TYPES[extension]!);
    if (extension === '.html' || extension === '.css') {
      return reply.send(belowPreview(body.toString('utf8'), href.sitePreviewFiles(id)));
    }
    return reply.send(body);
  };
  app.get(ROUTES.sitePreviewFiles, { schema: { params: PreviewFileParams } }, sendFile);
  app.get(ROUTES.sitePreviewRoot, { schema: { params: PreviewParams } }, sendFile);
};

export default sitePreviewRoute;
