import { typeset } from '@/lib/typography';
import { allConsentCategories, analyticsScript, consentConfig, consentTexts, type ConsentCategoryId } from '../consent';
import { fullAddress, maps, site } from '../site';
import { days, months } from '@/lib/format';
import { cnil, cookieLifetimes, inboxSessionCookie } from '../legal-facts';
import { selfHostedReceiver } from '../quote-delivery';
import { definitions, email, external, link, list, p, strong, subheading } from './blocks';
import type { LegalPageContent } from './types';
import { paths } from '../navigation';

/** A category of the consent banner, by id: the policy names them as the banner does. */
function consentCategory(id: ConsentCategoryId) {
  const category = allConsentCategories.find((item) => item.id === id);
  if (!category) throw new Error(`Unknown consent category: ${id}`);
  return category;
}

const mapCategory = consentCategory('maps');
const analytics = consentCategory('analytics');

/**
 * Where visitors learn more about cookies (opened in a new tab): the CNIL's guidance and its page on
 * browser settings, and a second public authority's page, in French, current (updated in November 2023):
 * the Belgian data-protection authority's "Cookies et autres traceurs", which also covers the browser's
 * local storage that this site uses.
 */
export const cookieInformationLinks = typeset({
  cnil: { href: cnil.cookieGuidanceUrl, label: 'Cookies et autres traceurs, sur le site de la CNIL' },
  cnilBrowser: {
    href: cnil.browserSettingsUrl,
    label: 'Maîtriser votre navigateur, sur le site de la CNIL',
  },
  other: {
    href: 'https://www.autoriteprotectiondonnees.be/cookies',
    label: 'Cookies et autres traceurs, sur le site de l’Autorité de protection des données (Belgique)',
  },
});

/** Browser settings, with each vendor's help page (opened in a new tab). */
export const browserGuides = typeset([
  {
    name: 'Google Chrome',
    steps:
      'menu (⋮) > Paramètres > Confidentialité et sécurité > Cookies tiers ; pour les effacer, Supprimer des données de navigation.',
    help: { href: 'https://support.google.com/chrome/answer/95647?hl=fr', label: 'Aide de Google Chrome' },
  },
  {
    name: 'Mozilla Firefox',
    steps: 'menu (☰) > Paramètres > Vie privée et sécurité > Cookies et données de sites.',
    help: {
      href: 'https://support.mozilla.org/fr/kb/cookies-informations-sites-enregistrent',
      label: 'Aide de Mozilla Firefox',
    },
  },
  {
    name: 'Safari',
    steps:
      'sur Mac, Safari > Réglages > Confidentialité ; sur iPhone et iPad, Réglages > Apps > Safari > Bloquer tous les cookies.',
    help: { href: 'https://support.apple.com/fr-fr/guide/safari/sfri11471/mac', label: 'Aide de Safari' },
  },
  {
    name: 'Microsoft Edge',
    steps:
      'menu (…) > Paramètres > Cookies et autorisations de site > Gérer et supprimer les cookies et les données du site.',
    help: {
      href: 'https://support.microsoft.com/fr-fr/microsoft-edge/supprimer-les-cookies-dans-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09',
      label: 'Aide de Microsoft Edge',
    },
  },
]);

/**
 * The session cookie of the team's inbox, with the company's own receiver: set for a signed-in team member
 * only, strictly necessary (CNIL: exempt from consent), never for a visitor. Plain strings: the page
 * typesets them with the rest.
 */
export const inboxCookie = {
  title: 'Espace réservé à notre équipe',
  text: `L’espace privé où notre équipe traite les demandes de devis dépose un seul cookie, « ${inboxSessionCookie.name} », et uniquement chez les membres de l’équipe qui s’y connectent : il garde leur connexion ouverte. Strictement nécessaire à ce service, il ne requiert pas de consentement ; il ne contient qu’un identifiant aléatoire et n’est jamais déposé chez les visiteurs du site. Il expire au plus tard ${days(inboxSessionCookie.maxDays)} après la connexion, qui se ferme plus tôt à la déconnexion ou après ${inboxSessionCookie.idleHours} heures sans activité.`,
  retention: `Le cookie de connexion de l’espace réservé à notre équipe expire au plus tard ${days(inboxSessionCookie.maxDays)} après la connexion.`,
};

/** /politique-de-cookies: CNIL guidelines and recommendation of 17 September 2020. Eight sections. */
/** The day this text last changed (ISO): its last-updated line. Change it with the text. */
const updated = '2026-11-26';

export const politiqueDeCookies = typeset({
  meta: {
    title: 'Politique de cookies',
    description: `Les cookies utilisés sur le site ${site.name}, leur durée de vie et comment les accepter, les refuser ou modifier vos choix.`,
  },
  path: paths.cookies,
  title: 'Politique de cookies',
  intro: 'Les cookies et traceurs utilisés sur ce site, et comment garder la main sur vos choix.',
  sections: [
    {
      id: 'quest-ce-qu-un-cookie',
      title: 'Qu’est-ce qu’un cookie ?',
      blocks: [
        p(
          'Un cookie est un petit fichier texte déposé sur votre terminal (ordinateur, tablette, smartphone) par le site que vous consultez ou par un service tiers. Il permet notamment de reconnaître votre navigateur, de mémoriser vos préférences ou de mesurer la fréquentation d’un site.',
        ),
        p(
          'Dans cette politique, le mot « cookie » désigne aussi les autres traceurs, comme le stockage local de votre navigateur (localStorage). Conformément à l’article 82 de la loi Informatique et Libertés et aux recommandations de la CNIL, seuls les traceurs strictement nécessaires au fonctionnement du site sont utilisés sans votre consentement.',
        ),
      ],
    },
    {
      id: 'cookies-utilises',
      title: 'Les cookies que nous utilisons',
      blocks: [
        subheading('Aujourd’hui sur ce site'),
        p(
          `Le site lui-même ne dépose aucun cookie chez ses visiteurs. Il enregistre un seul élément dans le stockage local (localStorage) de votre navigateur : votre choix en matière de cookies (clé « ${consentConfig.storageKey} »), conservé ${consentConfig.durationLabel}. Les seuls cookies possibles sont ceux de Google, si vous acceptez d’afficher la carte de la page Contact${analyticsScript ? ', et ceux de notre outil de mesure d’audience, si vous l’acceptez' : ''} (voir « Cookies tiers »).`,
        ),
        subheading('Stockage strictement nécessaire'),
        p(
          `Indispensable au fonctionnement du site, il ne peut pas être désactivé et ne nécessite pas votre consentement. Sur ce site, il s’agit uniquement de la mémorisation de votre choix en matière de cookies, décrite ci-dessus, sans aucun cookie. Durée de conservation : ${consentConfig.durationLabel}.`,
        ),
        ...(selfHostedReceiver ? [subheading(inboxCookie.title), p(inboxCookie.text)] : []),
        subheading('Cookies de performance et de mesure d’audience'),
        p(
          analyticsScript
            ? `Ils mesurent la fréquentation du site pour l’améliorer. Ils ne sont déposés qu’avec votre accord (catégorie « ${analytics.label} » du bandeau). Durée de vie : ${months(cookieLifetimes.analyticsMonths)} au maximum.`
            : `Aucun outil de mesure d’audience n’est installé à ce jour : le site n’en dépose aucun, et le bandeau ne vous propose pas cette catégorie. Si nous en installions un, il ne fonctionnerait qu’avec votre accord (catégorie « ${analytics.label} »), et votre choix vous serait de nouveau demandé. Durée de vie : ${months(cookieLifetimes.analyticsMonths)} au maximum.`,
        ),
        subheading('Cookies de fonctionnalité'),
        p(
          `Ils permettent d’offrir des fonctions supplémentaires, comme l’affichage de contenus de services tiers. Ils ne sont déposés qu’avec votre accord : sur ce site, il s’agit de la carte interactive de la page Contact (catégorie « ${mapCategory.label} » du bandeau, voir ci-dessous). Ces cookies sont ceux de Google, qui en fixe la durée de vie (voir « Cookies tiers »).`,
        ),
      ],
    },
    {
      id: 'cookies-tiers',
      title: 'Cookies tiers',
      blocks: [
        p(
          'Certains services proposés sur le site sont fournis par des tiers, qui peuvent déposer leurs propres cookies :',
        ),
        definitions(
          [
            `Service de cartographie (${maps.provider})`,
            [
              `La carte de la page Contact est fournie par Google. Elle n’est chargée qu’après votre accord : à sa place, un encadré vous propose le bouton « ${consentTexts.mapPlaceholder.button} », ainsi qu’un simple lien pour ouvrir l’adresse dans ${maps.provider}. Une fois la carte affichée, Google dépose ses propres cookies, dont il fixe lui-même la durée de vie, régis par sa `,
              external(maps.privacyUrl, 'politique de confidentialité'),
              '.',
            ],
          ],
          [
            'Services de mesure d’audience',
            analyticsScript
              ? `${analytics.thirdParties} dépose ses propres cookies, uniquement avec votre accord (catégorie « ${analytics.label} » du bandeau).`
              : 'Aucun outil de mesure d’audience n’est installé. Si nous en ajoutions un, il serait présenté ici et dans le bandeau, ne fonctionnerait qu’avec votre accord et votre choix vous serait de nouveau demandé.',
          ],
        ),
      ],
    },
    {
      id: 'accepter-ou-refuser',
      title: 'Accepter ou refuser les cookies',
      blocks: [
        subheading('Le bandeau de consentement'),
        p(
          `Lors de votre première visite, un bandeau vous présente les catégories de cookies et les tiers concernés. Vous pouvez, dès ce premier écran, cliquer sur « ${consentTexts.acceptAll} », « ${consentTexts.refuseAll} » ou « ${consentTexts.customize} » pour choisir catégorie par catégorie ; ces boutons ont la même importance. Fermer le bandeau sans faire de choix vaut refus. Tant que vous n’avez pas accepté, aucun cookie non nécessaire n’est déposé.`,
        ),
        p(
          `Votre choix est enregistré dans le stockage local (localStorage) de votre navigateur, avec sa date et la version de nos paramètres, pendant ${consentConfig.durationLabel}. Passé ce délai, ou si nous ajoutons un nouveau service soumis à votre accord, le bandeau vous est de nouveau présenté. Vous pouvez changer d’avis à tout moment grâce au lien « ${consentTexts.manageLink} » en bas de chaque page.`,
        ),
        subheading('Les réglages de votre navigateur'),
        p(
          'Vous pouvez aussi bloquer ou supprimer les cookies depuis les réglages de votre navigateur ; la CNIL l’explique sur sa page ',
          external(cookieInformationLinks.cnilBrowser.href, cookieInformationLinks.cnilBrowser.label),
          '. Pour chaque navigateur :',
        ),
        list(
          ...browserGuides.map((browser) => [
            strong(browser.name),
            ` : ${browser.steps} `,
            external(browser.help.href, browser.help.label),
          ]),
        ),
        p(
          strong('Attention :'),
          ' refuser ou supprimer les cookies peut limiter certaines fonctionnalités du site. Par exemple, sans votre accord, la carte de la page Contact ne s’affiche pas (le lien vers l’adresse reste disponible). Supprimer les données du site efface aussi votre choix : le bandeau vous sera alors de nouveau présenté.',
        ),
      ],
    },
    {
      id: 'duree-de-conservation',
      title: 'Durée de conservation',
      blocks: [
        p(
          `Le site lui-même ne dépose aucun cookie chez ses visiteurs. Votre choix en matière de cookies est conservé ${consentConfig.durationLabel} dans le stockage local de votre navigateur, puis vous est de nouveau demandé.${selfHostedReceiver ? ` ${inboxCookie.retention}` : ''} Les cookies de Google, déposés seulement si vous affichez la carte, ont la durée de vie que Google leur fixe, indiquée dans sa politique de confidentialité. ${analyticsScript ? `Les cookies de notre outil de mesure d’audience sont conservés ${months(cookieLifetimes.analyticsMonths)} au maximum.` : `Si nous installions un outil de mesure d’audience, ses cookies seraient conservés ${months(cookieLifetimes.analyticsMonths)} au maximum.`}`,
        ),
      ],
    },
    {
      id: 'modifications',
      title: 'Modifications',
      blocks: [
        p(
          `Nous pouvons modifier la présente politique, par exemple si nous ajoutons un service qui dépose des cookies. La date de sa dernière mise à jour figure en bas de cette page, et tout nouveau cookie soumis à votre accord vous sera présenté dans le bandeau avant d’être déposé.`,
        ),
      ],
    },
    {
      id: 'plus-d-informations',
      title: 'Plus d’informations',
      blocks: [
        p('Pour en savoir plus sur les cookies et sur vos droits :'),
        list(
          external(cookieInformationLinks.cnil.href, cookieInformationLinks.cnil.label),
          external(cookieInformationLinks.cnilBrowser.href, cookieInformationLinks.cnilBrowser.label),
          external(cookieInformationLinks.other.href, cookieInformationLinks.other.label),
        ),
        p(
          'Pour tout ce qui concerne vos données personnelles, consultez notre ',
          link(paths.privacy, 'politique de confidentialité'),
          '.',
        ),
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [
        p(
          'Pour toute question sur les cookies utilisés sur ce site, écrivez-nous à ',
          email(site.privacyEmail),
          ` ou par courrier à ${site.legalName}, ${fullAddress}.`,
        ),
      ],
    },
  ],
  updated,
} satisfies LegalPageContent);
