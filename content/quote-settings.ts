/**
 * The quote form's timings, limits and field names, kept apart from its texts (content/quote.ts, which
 * re-exports them) so the browser code ships these constants alone. The receiver (receiver/) reads the
 * same values: what the form enforces, the receiver checks again.
 */

/** Simulated sending time, and the shortest sending state when a real endpoint answers faster. */
export const QUOTE_SUBMIT_DELAY_MS = 1000;
/** How long the success screen stays before the form comes back, cleared. */
export const QUOTE_SUCCESS_DURATION_MS = 5000;
/** With a real endpoint: a request still unanswered after this long counts as failed. */
export const QUOTE_REQUEST_TIMEOUT_MS = 20_000;
/** The stated file limit, 10 Mo (10 × 1024 × 1024 bytes). Enforced only when an endpoint is configured. */
export const QUOTE_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** How the limit reads on the page and in the error messages. */
export const QUOTE_MAX_FILE_LABEL = '10 Mo';

/**
 * Accepted attachment types: the file picker's `accept` list, the hint under it, and what the receiver
 * checks (the extension, and a content that matches it).
 */
export const QUOTE_FILE_TYPES = [
  { label: 'PDF', extensions: ['.pdf'], mime: 'application/pdf' },
  { label: 'JPG', extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg' },
  { label: 'PNG', extensions: ['.png'], mime: 'image/png' },
  { label: 'DOC', extensions: ['.doc'], mime: 'application/msword' },
  {
    label: 'DOCX',
    extensions: ['.docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
] as const;

export type QuoteFileType = (typeof QUOTE_FILE_TYPES)[number];

/**
 * ".pdf", ".jpg", ".jpeg", ".png", ".doc", ".docx". Marked pure so that the browser code of the form, which
 * does not use it, drops it and the list above.
 */
export const QUOTE_ACCEPTED_EXTENSIONS = /* @__PURE__ */ QUOTE_FILE_TYPES.flatMap((type) => type.extensions);

/**
 * Where the company's own receiver (receiver/) answers, on the site's origin: nginx passes this path to it,
 * and a site built with NEXT_PUBLIC_QUOTE_ENDPOINT=/api/devis posts there.
 */
export const QUOTE_RECEIVER_PATH = '/api/devis';

/** The form field the attachment is posted under. */
export const QUOTE_FILE_FIELD = 'file';

/**
 * A UUID the form sends with each submission: kept across retries of the same submission, renewed after
 * a success, so that a request that reached the receiver but whose answer was lost is stored only once.
 */
export const QUOTE_REQUEST_ID_FIELD = 'requestId';

/**
 * The anti-spam trap: a field hidden from people and from assistive technologies. A request that fills it
 * gets a success-looking answer and is kept apart, unsent.
 */
export const QUOTE_HONEYPOT_FIELD = 'website';

/** Longest accepted value of each text field, in characters (the form's maxLength, checked again by the receiver). */
export const QUOTE_MAX_LENGTHS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  description: 5000,
} as const;
