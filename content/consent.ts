import { typeset } from '@/lib/typography';
import { months } from '@/lib/format';
import { cookieLifetimes } from './legal/constants';
import { maps } from './site';

import type { ConsentCategoryId } from './consent-config';

export { analyticsScript, consentConfig, type ConsentCategoryId } from './consent-config';

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

export type ConsentCategory = (typeof consentCategories)[number];
export type ConsentTexts = typeof consentTexts;
