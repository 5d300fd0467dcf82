/**
 * The quote form's timings and limits (SPEC.md sections 4, 5 and 9), kept apart from its texts
 * (content/quote.ts, which re-exports them) so the browser code ships these constants alone.
 */

/** Simulated sending time, and the shortest sending state when a real endpoint answers faster. */
export const QUOTE_SUBMIT_DELAY_MS = 1000;
/** How long the success screen stays before the form comes back, cleared. */
export const QUOTE_SUCCESS_DURATION_MS = 5000;
/** With a real endpoint: a request still unanswered after this long counts as failed. */
export const QUOTE_REQUEST_TIMEOUT_MS = 20_000;
/** The stated file limit, 10 Mo (10 × 1024 × 1024 bytes). Enforced only when an endpoint is configured. */
export const QUOTE_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** How the limit reads on the page and in the error message. */
export const QUOTE_MAX_FILE_LABEL = '10 Mo';
/** Accepted attachment types (SPEC.md section 5), as the file input's `accept` list. */
export const QUOTE_ACCEPTED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx'] as const;
/** The form field the attachment is posted under. */
export const QUOTE_FILE_FIELD = 'file';
