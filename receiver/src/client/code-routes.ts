import type { ServedCompany } from '../pages/shell';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { devisAnswerTexts, devisClientTexts, DEVIS_CLIENT_PATH } from '../facts';
import { devisView } from '../requests/devis/view';
import { frozenBy, NONCE } from '../requests/devis/codes';
import { codeTally, confirmCode, pendingCode } from '../store/devis-codes';
import { sha256Hex } from '../store/devis-queries';
import type { LinkedVersion } from '../store/devis-versions';
import { acceptanceProof } from '../delivery/proof-store';
import { field, frozenText, NONCE_FIELD, send, type SecretParams } from './page-parts';
import { clientState } from './state';
import type { PageTokens } from './token';
import { CodePage } from './ui/code-page';

/**
 * The code step of an acceptance on the client's page: `/:secret/code?demande=<nonce>` shows the recap of
 * what the code will confirm and its field, to the browser whose request asked for it; its POST checks the
 * code and accepts the version (the proof drawn and stored at once). Registered by client-routes.ts, on its
 * instance and below its hooks (the link found, the page's tokens, the shared rate limit).
 */
export type CodeRoutesContext = {
  linkOf: (request: FastifyRequest) => { secret: string; version: LinkedVersion; now: Date };
  forged: (request: FastifyRequest, link: string, now: Date) => boolean;
  refuseForged: (reply: FastifyReply) => FastifyReply;
  meta: (request: FastifyRequest) => { ip: string; userAgent: string | undefined };
  limited: object;
  tokens: PageTokens;
  /** The company as published, when the page is served. */
  served: () => ServedCompany;
};

export function codeRoutes(app: FastifyInstance, context: CodeRoutesContext): void {
  const { linkOf, forged, refuseForged, meta, limited, tokens, served } = context;
  const { config } = app;

  /**
   * The code page of the request that holds `nonce`: the recap of what its code will confirm and the code's
   * field while that code lives; only why not otherwise (replaced by a newer request, dead, none, frozen).
   */
  async function codePage(
    reply: FastifyReply,
    secret: string,
    version: LinkedVersion,
    nonce: string,
    now: Date,
    errors: string[],
    status = 200,
  ) {
    const pending = await pendingCode(app.store, version, now);
    const frozen = frozenBy(await codeTally(app.store, version), 'confirm');
    const replaced = pending !== undefined && !pending.boundTo(nonce);
    const dead = !pending || !pending.live || replaced || frozen;
    const reason = frozen
      ? frozenText(served().site.phone)
      : replaced
        ? devisAnswerTexts.replaced
        : pending
          ? devisClientTexts.errors.deadCode
          : devisClientTexts.errors.noCode;
    const shown = dead && errors.length === 0 ? [reason] : errors;
    const content = version.content;
    return send(
      reply,
      createElement(CodePage, {
        base: `${DEVIS_CLIENT_PATH}/${secret}`,
        token: tokens.issue(sha256Hex(secret), now),
        nonce,
        company: served(),
        number: content.number,
        errors: shown,
        dead,
        ...(pending && !dead
          ? {
              recap: {
                version: version.version,
                totalTtcCents: content.totals.ttcCents,
                earlyStartOffered: devisView(content).withdrawal.earlyStartRequest,
                detail: pending.detail,
              },
            }
          : {}),
      }),
      status,
    );
  }

  /** The nonce a request sent back (the code page's address, or its form): only a well-formed one. */
  function nonceOf(value: unknown): string {
    return typeof value === 'string' && NONCE.test(value) ? value : '';
  }

  app.get<SecretParams & { Querystring: Record<string, unknown> }>('/:secret/code', async (request, reply) => {
    const { secret, version, now } = linkOf(request);
    if (clientState(version, now).kind !== 'awaiting') return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
    return codePage(reply, secret, version, nonceOf(request.query[NONCE_FIELD]), now, []);
  });

  app.post<SecretParams>('/:secret/code', limited, async (request, reply) => {
    const { secret, version, now } = linkOf(request);
    if (forged(request, sha256Hex(secret), now)) return refuseForged(reply);
    if (clientState(version, now).kind !== 'awaiting') return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
    const nonce = nonceOf(field(request.body, NONCE_FIELD));
    const checked = await confirmCode(
      app.store,
      version,
      field(request.body, 'code'),
      nonce,
      meta(request),
      now,
      config.fromEmail,
    );
    switch (checked.outcome) {
      case 'accepted':
        // The proof drawn and stored now, from the record as the acceptance left it (the mails attach it).
        try {
          await acceptanceProof(app.store, version.devisId, version.version, {
            store: true,
            sourceDir: config.site?.sourceDir,
          });
        } catch (error) {
          // The acceptance stands; its first mail draws and stores the proof instead.
          request.log.error({ err: error }, 'devis client page: the proof of acceptance was not stored');
        }
        app.outbox.wake();
        return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
      case 'closed':
        return reply.redirect(`${DEVIS_CLIENT_PATH}/${secret}`, 303);
      case 'wrong': {
        const errors = [
          devisClientTexts.errors.wrongCode,
          `${devisClientTexts.errors.triesLeft} ${checked.triesLeft}.`,
        ];
        return codePage(
          reply,
          secret,
          version,
          nonce,
          now,
          checked.triesLeft > 0 ? errors : [devisClientTexts.errors.deadCode],
          400,
        );
      }
      case 'frozen':
        app.outbox.wake();
        return codePage(reply, secret, version, nonce, now, [], 400);
      case 'replaced':
      case 'dead':
      case 'none':
        return codePage(reply, secret, version, nonce, now, [], 400);
    }
  });
}
