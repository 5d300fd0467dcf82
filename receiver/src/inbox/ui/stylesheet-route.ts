import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { STYLESHEET_PATH } from './shell';

/** The inbox's one stylesheet, read once at start. */
const stylesheet = readFileSync(new URL('./inbox.css', import.meta.url), 'utf8');

/** Serves the stylesheet, outside the guard: the sign-in and enrolment pages use it too. */
export default async function stylesheetRoute(app: FastifyInstance): Promise<void> {
  app.get(STYLESHEET_PATH, async (_request, reply) => reply.type('text/css; charset=utf-8').send(stylesheet));
}
