/**
 * Where quote requests go. By default (no variable) the form only simulates sending, as specified.
 * Set NEXT_PUBLIC_QUOTE_ENDPOINT at build time to post the form to a real endpoint (see the README), and
 * NEXT_PUBLIC_QUOTE_PROCESSOR to name the service that receives it (shown in the privacy policy).
 */
export const quoteEndpoint: string | undefined = process.env.NEXT_PUBLIC_QUOTE_ENDPOINT?.trim() || undefined;

export const formProcessorName: string | undefined = quoteEndpoint
  ? process.env.NEXT_PUBLIC_QUOTE_PROCESSOR?.trim() || 'notre prestataire de réception des formulaires'
  : undefined;
