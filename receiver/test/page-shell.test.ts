import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { site, siteUrl } from '../src/facts';
import { CLIENT_CSS_HASH } from '../src/client/style';
import { NotFoundPage } from '../src/client/ui/not-found-page';
import { TERMINATION_PAGE_CSP, TerminationSummaryPage } from '../src/intake/termination-pages';
import { PageShell, styleSource } from '../src/pages/shell';
import { htmlProblems } from './html-problems';

/**
 * The one frame of the pages a client or a visitor reads (receiver/src/pages/shell.tsx), used by the
 * client's devis pages and the résiliation's pages without JavaScript: a valid page, the company's header,
 * one h1, the skip link only when asked, and a stylesheet its page's policy allows by its very hash.
 */

const render = (element: ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

/** The sha256 source of the page's one inline stylesheet, computed from the HTML served. */
function inlineStyleSource(html: string): string {
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  assert.ok(css !== undefined, 'an inline stylesheet');
  assert.equal(html.match(/<style/g)?.length, 1, 'one stylesheet');
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

const header = (html: string) => /<header class="top">[\s\S]*?<\/header>/.exec(html)?.[0];

describe('the frame of the public pages', () => {
  test('is a valid page: the company in the header, one h1, the links then the mentions in the footer', async () => {
    const html = render(
      createElement(
        PageShell,
        {
          title: 'Titre',
          heading: 'Titre affiché',
          css: 'body{margin:0}',
          skipLink: 'Aller au contenu',
          links: createElement('p', null, 'liens'),
          company: { site, mentions: 'Mentions' },
        },
        createElement('p', null, 'contenu'),
      ),
    );
    assert.deepEqual(await htmlProblems(html, 'page-shell'), []);
    assert.match(html, new RegExp(`<title>Titre – ${site.name}</title>`));
    assert.equal(html.match(/<h1>/g)?.length, 1);
    assert.match(html, /<main id="contenu"><h1>Titre affiché<\/h1><p>contenu<\/p><\/main>/);
    assert.match(html, /<body><a class="skip" href="#contenu">Aller au contenu<\/a><header/);
    assert.match(html, /<footer class="foot"><p>liens<\/p><p>Mentions<\/p><\/footer>/);
    assert.equal(inlineStyleSource(html), styleSource('body{margin:0}'));
  });

  test('has no skip link unless asked', () => {
    const html = render(
      createElement(PageShell, { title: 'T', css: '', links: null, company: { site, mentions: 'M' } }),
    );
    assert.doesNotMatch(html, /class="skip"/);
  });

  test('frames the client’s pages and the résiliation’s pages alike, each style allowed by its hash', () => {
    const client = render(createElement(NotFoundPage, { company: { site, mentions: 'Mentions' } }));
    const values = {
      lastName: 'Martin',
      firstName: 'Élodie',
      company: '',
      email: 'elodie@exemple.fr',
      contractType: 'devis',
      contractReference: 'D-12',
      contractStart: '',
      desiredDate: '',
      reason: '',
      requestId: '',
    };
    const termination = render(
      createElement(TerminationSummaryPage, { values, company: { site, mentions: 'Mentions' } }),
    );
    assert.ok(header(client)?.includes(siteUrl));
    assert.equal(header(termination), header(client));
    assert.equal(inlineStyleSource(client), CLIENT_CSS_HASH);
    assert.ok(TERMINATION_PAGE_CSP.includes(`style-src ${inlineStyleSource(termination)}`));
    assert.notEqual(inlineStyleSource(client), inlineStyleSource(termination));
  });
});
