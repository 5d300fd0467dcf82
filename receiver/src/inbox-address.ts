/**
 * Where the team's inbox lives on its host: the prefix every inbox route is registered under, and its home.
 * A module at the root of receiver/src that imports nothing, below every layer: the configuration
 * (QUOTE_INBOX_URL ends with INBOX_PATH) reads it here, the inbox through inbox/paths.ts, which adds its
 * routes and links.
 */

/** The prefix every route of the inbox is registered under. */
export const INBOX_PREFIX = '/gestion';

/** The inbox's home: QUOTE_INBOX_URL ends with it; nginx proxies everything below it to the inbox. */
export const INBOX_PATH = `${INBOX_PREFIX}/`;
