import type { ReactNode } from 'react';
import { devisClientTexts, paths, siteUrl } from '../../facts';
import { PageShell, type ServedCompany } from '../../pages/shell';
import { CLIENT_CSS } from '../style';

type ShellProps = {
  /** The tab's title and the page's one h1. */
  title: string;
  /** The h1's content when it differs from the title's text (a number kept on one line). */
  heading?: ReactNode;
  children: ReactNode;
  /** The company as published: its phone at the top, its mentions at the foot (R. 123-237). */
  company: ServedCompany;
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

/** The client's page frame (pages/shell.tsx): its stylesheet, a skip link, the footer's links. */
export function Shell({ title, heading, children, company, cgv }: ShellProps) {
  const links = (
    <ul className="links">
      {footerLinks(cgv).map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
  return (
    <PageShell
      title={title}
      heading={heading}
      css={CLIENT_CSS}
      skipLink="Aller au contenu"
      links={links}
      company={company}
    >
      {children}
    </PageShell>
  );
}
