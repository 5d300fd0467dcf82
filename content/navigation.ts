import type { NavItem } from './types';

/** Every public route, once: pages, links, the sitemap and the tests read them from here. */
export const paths = {
  home: '/',
  services: '/services/',
  quote: '/devis/',
  about: '/a-propos/',
  contact: '/contact/',
  legalNotice: '/mentions-legales/',
  privacy: '/politique-de-confidentialite/',
  cookies: '/politique-de-cookies/',
  terms: '/cgv/',
  /** The CGV's dated versions, the one in force and the earlier ones (each at /cgv/versions/<date>/). */
  termsVersions: '/cgv/versions/',
  accessibility: '/accessibilite/',
  /** « Résilier un contrat » (C. conso. L. 215-1-1): linked from the footer and the CGV. */
  termination: '/resilier-un-contrat/',
  /** « Nos avis clients »: the published reviews and their rules. */
  reviews: '/avis-clients/',
} as const;

export type Route = (typeof paths)[keyof typeof paths];

/** Every public route, in the sitemap's order. */
export const routes = Object.values(paths) as readonly Route[];

/** Header navigation, in order. */
export const mainNav = [
  { href: paths.home, label: 'Accueil' },
  { href: paths.services, label: 'Nos Services' },
  { href: paths.about, label: 'À Propos' },
  { href: paths.contact, label: 'Contact' },
] as const satisfies readonly NavItem[];

export const quoteLink = { href: paths.quote, label: 'Devis Gratuit' } as const satisfies NavItem;

/** Footer "Navigation" column. */
export const footerNav = [
  ...mainNav,
  { href: paths.quote, label: 'Demande de Devis' },
  { href: paths.termination, label: 'Résilier un contrat' },
] as const satisfies readonly NavItem[];

export const legalNav = [
  { href: paths.legalNotice, label: 'Mentions Légales' },
  { href: paths.privacy, label: 'Politique de Confidentialité' },
  { href: paths.cookies, label: 'Politique de Cookies' },
  { href: paths.terms, label: 'Conditions Générales de Vente' },
  { href: paths.accessibility, label: 'Accessibilité' },
] as const satisfies readonly NavItem[];
