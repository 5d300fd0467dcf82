import { accessibilite } from './accessibilite';
import { cgv } from './cgv';
import { mentionsLegales } from './mentions-legales';
import { politiqueDeConfidentialite } from './politique-de-confidentialite';
import { politiqueDeCookies } from './politique-de-cookies';
import type { LegalPageContent } from './types';

/** The five legal pages, in the footer's order: for what goes through every one of them (the tests). */
export const legalPages: readonly LegalPageContent[] = [
  mentionsLegales,
  politiqueDeConfidentialite,
  politiqueDeCookies,
  cgv,
  accessibilite,
];
