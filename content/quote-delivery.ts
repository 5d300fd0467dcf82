import { buildEnv } from '@/lib/build-env';

/**
 * Where quote requests go. By default (no variable) the form only simulates sending, as specified.
 * - NEXT_PUBLIC_QUOTE_ENDPOINT, set at build time, makes the form post each request there: `/api/devis` for
 *   the company's own receiver behind the site's nginx (receiver/, docs/recevoir-les-demandes.md), or the
 *   full address of another service.
 * - NEXT_PUBLIC_QUOTE_PROCESSOR names that other service when it is a third party (shown in the notice under
 *   the form and in the privacy policy). Without it, the receiver is the company's own: no processor is
 *   named, and the texts say the requests stay on the company's server.
 */
export const quoteEndpoint: string | undefined = buildEnv.quoteEndpoint;

export const formProcessorName: string | undefined = buildEnv.quoteProcessor;

/** True when requests are sent to the company's own receiver. */
export const selfHostedReceiver = !!quoteEndpoint && !formProcessorName;
