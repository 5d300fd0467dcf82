import type { NavItem } from './types';

/** Header navigation, in order. */
export const mainNav = [
  { href: '/', label: 'Accueil' },
  { href: '/services/', label: 'Nos Services' },
  { href: '/a-propos/', label: 'À Propos' },
  { href: '/contact/', label: 'Contact' },
] as const satisfies readonly NavItem[];

export const quoteLink = { href: '/devis/', label: 'Devis Gratuit' } as const satisfies NavItem;

/** Footer "Navigation" column. */
export const footerNav = [
  ...mainNav,
  { href: '/devis/', label: 'Demande de Devis' },
] as const satisfies readonly NavItem[];

export const legalNav = [
  { href: '/mentions-legales/', label: 'Mentions Légales' },
  { href: '/politique-de-confidentialite/', label: 'Politique de Confidentialité' },
  { href: '/politique-de-cookies/', label: 'Politique de Cookies' },
  { href: '/cgv/', label: 'Conditions Générales de Vente' },
] as const satisfies readonly NavItem[];

/** Every public route, for the sitemap and the tests. */
export const routes = [
  '/',
  '/services/',
  '/devis/',
  '/a-propos/',
  '/contact/',
  '/mentions-legales/',
  '/politique-de-confidentialite/',
  '/politique-de-cookies/',
  '/cgv/',
] as const;

export type Route = (typeof routes)[number];
