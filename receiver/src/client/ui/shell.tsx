import type { ReactNode } from 'react';
import { devisClientTexts, paths, site, siteUrl, telHref } from '../../facts';
import { CLIENT_CSS } from '../style';

type ShellProps = {
  /** The tab's title and the page's one h1. */
  title: string;
  /** The h1's content when it differs from the title's text (a number kept on one line). */
  heading?: ReactNode;
  children: ReactNode;
  /** The company's mentions at the foot (R. 123-237). */
  mentions: string;
  /** The CGV that govern the devis shown, their dated page on the site: first of the footer's links. */
  cgv?: { href: string; label: string };
};

const footer = devisClientTexts.footer;

/**
 * The footer's links to the public site: the CGV of the devis shown, the privacy policy, the legal notice, and
 * « Résilier un contrat », reachable from where the contract is concluded (C. conso. D. 215-1).
 */
function footerLinks(cgv: ShellProps['cgv']) {
  return [
    ...(cgv ? [cgv] : []),
    { href: `${siteUrl}${paths.privacy}`, label: footer.privacy },
    { href: `${siteUrl}${paths.legalNotice}`, label: footer.legalNotice },
    { href: `${siteUrl}${paths.termination}`, label: footer.termination },
  ];
}

/** The client's page frame: the company's name and phone, one h1, no script, the inline stylesheet. */
export function Shell({ title, heading, children, mentions, cgv }: ShellProps) {
  return (
    <html lang="fr">
      {/* eslint-disable-next-line @next/next/no-head-element -- rendered by react-dom/server, outside Next */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} – ${site.name}`}</title>
        <style dangerouslySetInnerHTML={{ __html: CLIENT_CSS }} />
      </head>
      <body>
        <a className="skip" href="#contenu">
          Aller au contenu
        </a>
        <header className="top">
          <a href={siteUrl}>{site.name}</a>
          <a href={telHref(site.phone)}>{site.phone}</a>
        </header>
        <main id="contenu">
          <h1>{heading ?? title}</h1>
          {children}
        </main>
        <footer className="foot">
          <ul className="links">
            {footerLinks(cgv).map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
          <p>{mentions}</p>
        </footer>
      </body>
    </html>
  );
}
