import { typeset } from '@/lib/typography';
import { months } from '@/lib/format';
import { cookieLifetimes } from './legal-facts';
import { legalUi } from './legal-ui';
import { maps } from './site';

import { analyticsScript, consentConfig, optionalCategories, type ConsentCategoryId } from './consent-config';

export {
  analyticsScript,
  consentConfig,
  consentRevision,
  optionalCategories,
  type ConsentCategoryId,
  type OptionalCategoryId,
} from './consent-config';

/** Every category the site may ask consent for; the banner shows those it offers (`consentCategories`). */
export const allConsentCategories = typeset([
  {
    id: 'necessary',
    label: 'Stockage nécessaire',
    description: `Mémorise votre choix en matière de cookies dans le stockage local de votre navigateur, sans cookie. Il ne peut pas être désactivé.`,
    thirdParties: 'Aucun tiers',
    lifetime: consentConfig.durationLabel,
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
      'Mesure la fréquentation du site (pages vues, durée et parcours des visites) pour l’améliorer. L’outil de mesure dépose ses propres cookies.',
    thirdParties: 'Le fournisseur de notre outil de mesure d’audience',
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

export type ConsentCategory = (typeof allConsentCategories)[number];

/**
 * The categories of the banner: the necessary ones, then the optional ones offered. "Mesure d’audience"
 * appears only when an audience-measurement tool is set (NEXT_PUBLIC_ANALYTICS_SRC).
 */
export const consentCategories: readonly ConsentCategory[] = allConsentCategories.filter(
  (category) => category.id === 'necessary' || optionalCategories.includes(category.id),
);

export const consentTexts = typeset({
  title: 'Vos choix en matière de cookies',
  /** The banner's one sentence; `intro` and the policy link are in its « Personnaliser » panel. */
  lead: `Avec votre accord, la carte Google Maps de la page Contact${analyticsScript ? ' et notre mesure d’audience déposent' : ' dépose'} des cookies.`,
  intro: `Le site garde votre choix dans votre navigateur. Avec votre accord, il charge aussi la carte Google Maps de la page Contact, qui dépose des cookies de Google${analyticsScript ? ', et mesure sa fréquentation avec un outil qui dépose ses propres cookies' : ''}. Vous pourrez changer d’avis via « Gérer les cookies » en bas de page.`,
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
    /** Hidden after the link, which opens a new tab. */
    newWindow: legalUi.newWindow,
  },
});

export type ConsentTexts = typeof consentTexts;
