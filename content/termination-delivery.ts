import { formProcessorName, quoteEndpoint } from './quote-delivery';
import { QUOTE_RECEIVER_PATH } from './quote-settings';
import { TERMINATION_RECEIVER_PATH } from './termination-settings';

/**
 * Where the « Résilier un contrat » form posts, from the quote's build setting (NEXT_PUBLIC_QUOTE_ENDPOINT,
 * content/quote-delivery.ts): the company's own receiver takes terminations beside quotes, so `/api/devis`
 * becomes `/api/resiliation` (a full address to the receiver likewise). A third-party service
 * (NEXT_PUBLIC_QUOTE_PROCESSOR) gets the terminations at its one address, and the team then sends the
 * acknowledgment itself (docs/resilier-un-contrat.md). Without an endpoint, sending is simulated, as for
 * the quote form.
 */
export const terminationEndpoint: string | undefined = !quoteEndpoint
  ? undefined
  : formProcessorName
    ? quoteEndpoint
    : quoteEndpoint.endsWith(QUOTE_RECEIVER_PATH)
      ? `${quoteEndpoint.slice(0, -QUOTE_RECEIVER_PATH.length)}${TERMINATION_RECEIVER_PATH}`
      : undefined;

/**
 * Where the form posts without JavaScript (`action`, `method="post"`, application/x-www-form-urlencoded):
 * only the company's own receiver, which answers such a post with its own pages (the summary, the form to
 * edit, the acknowledgment). A third-party service, or the simulation, gets none: the form then needs
 * JavaScript, and its noscript text gives the other ways.
 */
export const terminationFormAction: string | undefined = formProcessorName ? undefined : terminationEndpoint;
