import type { ReactNode } from 'react';
import { href } from '../paths';

/** The inbox's sections, in the order of its navigation. */
export const NAV = [
  { key: 'demandes', href: href.list, label: 'Demandes' },
  { key: 'indesirables', href: href.spam, label: 'Indésirables' },
  { key: 'resiliations', href: href.terminations, label: 'Résiliations' },
  { key: 'avis', href: href.reviews, label: 'Avis' },
  { key: 'chiffres', href: href.figures, label: 'Chiffres' },
  { key: 'site', href: href.site, label: 'Le site', managers: true },
  { key: 'appareils', href: href.devices, label: 'Mes appareils' },
] as const;

export type Section = (typeof NAV)[number]['key'];

export type Member = { id: number; name: string; email: string; manager?: boolean };

type ShellProps = {
  /** The page's title: the tab's title and the page's one h1. */
  title: string;
  /** The signed-in member: given, the header shows the navigation and the sign-out button. */
  member?: Member;
  /** The session's anti-forgery token, carried by the sign-out form. */
  csrfToken?: string;
  /** The section of the navigation this page belongs to (aria-current). */
  current?: Section;
  /** A message after a redirect (post/redirect/get), announced by screen readers. */
  notice?: string;
  /** Reload the page after this many seconds (a publication running: no script needed). */
  refreshSeconds?: number;
  children: ReactNode;
};

/** The whole HTML page of the inbox: no script, one stylesheet, a header, one h1 in main. */
export function Shell({ title, member, csrfToken, current, notice, refreshSeconds, children }: ShellProps) {
  return (
    <html lang="fr">
      {/* eslint-disable-next-line @next/next/no-head-element -- rendered by react-dom/server, outside Next */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        {refreshSeconds ? <meta httpEquiv="refresh" content={String(refreshSeconds)} /> : null}
        <title>{`${title} – Boîte de réception`}</title>
        <link rel="stylesheet" href={href.stylesheet} />
      </head>
      <body>
        <a className="skip" href="#contenu">
          Aller au contenu
        </a>
        <header className="top">
          <p className="brand">Boîte de réception</p>
          {member ? (
            <>
              <nav aria-label="Sections">
                <ul>
                  {NAV.filter((item) => !('managers' in item) || member.manager).map((item) => (
                    <li key={item.key}>
                      <a href={item.href} aria-current={item.key === current ? 'page' : undefined}>
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <form method="post" action={href.signOut} className="sign-out">
                <input type="hidden" name="_csrf" value={csrfToken ?? ''} />
                <button type="submit" className="button secondary">
                  Se déconnecter <span className="who">({member.name})</span>
                </button>
              </form>
            </>
          ) : null}
        </header>
        <main id="contenu">
          <h1>{title}</h1>
          {notice ? (
            <p role="status" className="notice">
              {notice}
            </p>
          ) : null}
          {children}
        </main>
        <footer className="foot">
          <a href={href.staffNotice}>Vos données de membre de l’équipe</a>
        </footer>
      </body>
    </html>
  );
}
