import { typeset } from '@/lib/typography';
import { cookieLifetimes, months } from './legal/constants';
import { maps } from './site';

/**
 * Cookie consent (CNIL recommendation of 17 September 2020): nothing but necessary storage before a
 * choice; the choice is kept `durationDays` days, then asked again. Read by the banner, the map, the
 * footer link and the cookie policy, so what the policy says is what the banner does.
 */
export const consentConfig = {
  /** localStorage key holding { version, date, choices }. */
  storageKey: 'ats-consent',
  /** Bump to ask every visitor again (for instance when a new third party is added). */
  version: 1,
  /** About 6 months (CNIL): after that the banner asks again. */
  durationDays: 182,
  durationLabel: '6 mois',
} as const;

/**
 * No audience measurement is installed. To add one, set NEXT_PUBLIC_ANALYTICS_SRC to its script URL at
 * build time (and update the cookie policy and the CSP): it loads only after consent to "analytics".
 */
export const analyticsScript: string | undefined = process.env.NEXT_PUBLIC_ANALYTICS_SRC?.trim() || undefined;

export type ConsentCategoryId = 'necessary' | 'maps' | 'analytics';

export const consentCategories = typeset([
  {
    id: 'necessary',
    label: 'Cookies nécessaires',
    description:
      'Indispensables au fonctionnement du site et à la mémorisation de vos choix en matière de cookies. Ils ne peuvent pas être désactivés.',
    thirdParties: 'Aucun tiers',
    lifetime: `Session ou ${months(cookieLifetimes.necessaryMonths)} maximum`,
    required: true,
  },
  {
    id: 'maps',
    label: 'Carte interactive',
    description: `Affiche le plan d’accès ${maps.provider} sur la page Contact. ${maps.provider} (Google) dépose alors ses propres cookies.`,
    thirdParties: 'Google (Google Maps)',
    lifetime: 'Fixée par Google (voir sa politique de confidentialité)',
    required: false,
  },
  {
    id: 'analytics',
    label: 'Mesure d’audience',
    description:
      'Statistiques de fréquentation anonymes pour améliorer le site. Aucun outil de mesure d’audience n’est installé à ce jour : ce choix ne dépose rien tant que ce n’est pas le cas.',
    thirdParties: 'Aucun à ce jour',
    lifetime: `${months(cookieLifetimes.analyticsMonths)} maximum`,
    required: false,
  },
] as const satisfies readonly {
  id: ConsentCategoryId;
  label: string;
  description: string;
  thirdParties: string;
  lifetime: string;
  required: boolean;
}[]);

export const consentTexts = typeset({
  title: 'Vos choix en matière de cookies',
  intro:
    'Le site utilise des cookies nécessaires à son fonctionnement. Avec votre accord, il charge aussi la carte Google Maps de la page Contact, qui dépose des cookies de Google. Vous pourrez changer d’avis via « Gérer les cookies » en bas de page.',
  acceptAll: 'Tout accepter',
  refuseAll: 'Tout refuser',
  customize: 'Personnaliser',
  save: 'Enregistrer mes choix',
  close: 'Fermer (tout refuser)',
  policyLink: 'Politique de cookies',
  manageLink: 'Gérer les cookies',
  alwaysOn: 'Toujours actifs',
  mapPlaceholder: {
    title: 'Carte non chargée',
    text: `Pour respecter vos choix, la carte ${maps.provider} n’est chargée qu’avec votre accord : ${maps.provider} dépose alors des cookies.`,
    button: 'Afficher la carte',
    link: `Ouvrir l’adresse dans ${maps.provider}`,
  },
});
