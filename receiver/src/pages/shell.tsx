import { createHash } from 'node:crypto';
import type { ReactNode } from 'react';
import { siteUrl, telHref, type Site } from '../facts';

/**
 * The frame of the receiver's pages that a client or a visitor reads (the client's devis pages, client/;
 * the résiliation's pages without JavaScript, intake/): the company's name and phone (as published when the
 * page is served: the caller passes them, delivery/mail-parts.ts servedCompany), one h1, no script,
 * one inline stylesheet that the page's Content-Security-Policy allows by its hash. Each caller brings its
 * stylesheet and its footer's links. The team's inbox (inbox/ui/shell.tsx) has its own: a stylesheet file,
 * its navigation, no company header.
 */

/** The company as a served page cites it: its facts as published, and its mentions (R. 123-237). */
export type ServedCompany = { site: Site; mentions: string };

type PageShellProps = {
  /** The tab's title and the page's one h1. */
  title: string;
  /** The h1's content when it differs from the title's text (a number kept on one line). */
  heading?: ReactNode;
  /** The page's whole stylesheet, inline. */
  css: string;
  /** The text of a link to the main content, first in the page, if it has one. */
  skipLink?: string;
  /** What the footer shows above the company's mentions. */
  links: ReactNode;
  /** The company: its name and phone at the top, its mentions at the foot. */
  company: ServedCompany;
  children?: ReactNode;
};

/** The source a Content-Security-Policy allows an inline stylesheet by: `'sha256-…'`. */
export function styleSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

export function PageShell({ title, heading, css, skipLink, links, company, children }: PageShellProps) {
  const { site } = company;
  return (
    <html lang="fr">
      {/* eslint-disable-next-line @next/next/no-head-element -- rendered by react-dom/server, outside Next */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} – ${site.name}`}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        {skipLink ? (
          <a className="skip" href="#contenu">
            {skipLink}
          </a>
        ) : null}
        <header className="top">
          <a href={siteUrl}>{site.name}</a>
          <a href={telHref(site.phone)}>{site.phone}</a>
        </header>
        <main id="contenu">
          <h1>{heading ?? title}</h1>
          {children}
        </main>
        <footer className="foot">
          {links}
          <p>{company.mentions}</p>
        </footer>
      </body>
    </html>
  );
}
