import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ENDPOINT_BUILD_DIR, ENDPOINT_PATH } from '../../playwright.config';
import { followUp, selfHostedRecipient } from '@/content/legal/politique-de-confidentialite';
import { inboxCookie } from '@/content/legal/politique-de-cookies';
import { inboxSessionCookie } from '@/content/legal-facts';
import { paths } from '@/content/navigation';
import { quote } from '@/content/quote';
import { typeset } from '../../lib/typography';
import { elementById, elements, parseHtml, textOf, type HtmlDocument, type HtmlElement } from '../../scripts/html';

/**
 * The texts of the build whose quote form posts to the company's own receiver (build/out-endpoint/, made by
 * scripts/test-builds.sh before out/), as exported (moved from e2e/devis-endpoint.spec.ts, which opened the pages
 * only to read them).
 */
const ROOT = join(__dirname, '..', '..', ENDPOINT_BUILD_DIR);

function pageOf(path: string): HtmlDocument {
  const file = join(ROOT, path, 'index.html');
  if (!existsSync(file)) throw new Error(`${ENDPOINT_BUILD_DIR}/ is missing: npm test (scripts/test-builds.sh) builds it`);
  return parseHtml(readFileSync(file, 'utf8'));
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The one <main>. */
function mainOf(document: HtmlDocument): HtmlElement {
  const mains = elements(document, (element) => element.name === 'main');
  assert.equal(mains.length, 1, 'one <main>');
  return mains[0]!;
}

/** The one section named `name` by aria-labelledby or aria-label (a landmark region). */
function region(document: HtmlDocument, name: string): HtmlElement {
  const found = elements(document, (element) => {
    if (element.name !== 'section') return false;
    if (element.attribs['aria-label']) return normalize(element.attribs['aria-label']) === name;
    const ids = (element.attribs['aria-labelledby'] ?? '').split(/\s+/).filter(Boolean);
    const label = ids.map((id) => textOf(elementById(document, id) ?? element)).join(' ');
    return ids.length > 0 && normalize(label) === name;
  });
  assert.equal(found.length, 1, `one region « ${name} »`);
  return found[0]!;
}

test('the build posts to the company’s own receiver', () => {
  const html = readFileSync(join(ROOT, 'devis', 'index.html'), 'utf8');
  assert.ok(html.includes(ENDPOINT_PATH), `${ENDPOINT_BUILD_DIR} was built with ${ENDPOINT_PATH}`);
});

test('the privacy notice of the quote page says the requests stay on the company’s own server', () => {
  const notice = textOf(region(pageOf(paths.quote), quote.privacy.title));
  assert.ok(notice.includes(normalize(quote.privacy.selfHosted)), `« ${quote.privacy.selfHosted} » in the notice`);
  const processor = normalize(quote.privacy.processor.split('{')[0]!.trim());
  assert.ok(!notice.includes(processor), `no « ${processor} » in the notice`);
});

test('with the company’s own receiver, the policies name what the team’s inbox holds and its session cookie', () => {
  const privacy = textOf(mainOf(pageOf(paths.privacy)));
  for (const text of [followUp.collectedIntro, followUp.collected.details, followUp.retention.details, followUp.access]) {
    const expected = normalize(typeset(text));
    assert.ok(privacy.includes(expected), `« ${expected} » in the privacy policy`);
  }
  const cookies = textOf(mainOf(pageOf(paths.cookies)));
  for (const text of [inboxCookie.text, inboxCookie.retention]) {
    const expected = normalize(typeset(text));
    assert.ok(cookies.includes(expected), `« ${expected} » in the cookie policy`);
  }
  assert.ok(cookies.includes(normalize(`« ${inboxSessionCookie.name} »`)));
});

test('the privacy policy says where the requests are kept, and names no form processor', () => {
  const policy = textOf(mainOf(pageOf(paths.privacy)));
  const recipient = normalize(typeset(selfHostedRecipient));
  assert.ok(policy.includes(recipient), `« ${recipient} » in the policy`);
  // The processors named are the host and the mail provider only.
  assert.ok(!policy.includes('réception des demandes de devis'));
});
