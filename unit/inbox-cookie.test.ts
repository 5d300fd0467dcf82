import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inboxSessionCookie } from '@/content/legal-facts';
import { loadConfig } from '../receiver/src/config';
import { sessionCookie } from '../receiver/src/inbox/sessions';

/**
 * The cookie policy names the inbox's session cookie from content/legal-facts.ts; the receiver sets it from
 * its own code and settings. They must say the same: its name where the inbox is published (over HTTPS), the
 * longest it lives (its Max-Age, QUOTE_SESSION_MAX_DAYS by default) and the idle time that ends the session
 * (QUOTE_SESSION_IDLE_HOURS by default).
 */
test('the cookie policy’s inbox cookie is the one the receiver sets, with its default lifetimes', () => {
  const config = loadConfig({}, process.cwd());
  assert.equal(sessionCookie(new URL('https://www.azur-technique-services.fr/gestion/')).name, inboxSessionCookie.name);
  assert.equal(config.sessionAbsoluteMs, inboxSessionCookie.maxDays * 86_400_000);
  assert.equal(config.sessionIdleMs, inboxSessionCookie.idleHours * 3_600_000);
});
