import { formatFrenchDay, seconds } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { paths } from '../navigation';
import { QUOTE_SUCCESS_DURATION_MS } from '../quote-settings';
import { fullAddress, maps, site } from '../site';
import { definitions, email, external, link, list, p, phone, strong } from './blocks';
import { goLive } from '../go-live';
import { accessibilityAuthorities, rgaa } from '../legal-facts';
import type { LegalPageContent } from './types';

const { defenseur, marketSurveillance } = accessibilityAuthorities;

/**
 * /accessibilite: the standard followed, what is checked, the known limits, another way to reach us, how to
 * report a problem and the recourse. No conformity is claimed: none can be without an audit. Seven sections.
 */
/** The day this text last changed (ISO): its last-updated line. Change it with the text. */
const updated = '2026-11-26';

export const accessibilite = typeset({
  meta: {
    title: 'Accessibilité',
    description: `Accessibilité du site ${site.name} : référentiel suivi (RGAA ${rgaa.version}), vérifications, limites connues, contact et voies de recours.`,
  },
  path: paths.accessibility,
  title: 'Accessibilité',
  intro: 'Ce que nous faisons pour que ce site soit utilisable par tous, et comment nous signaler un problème.',
  sections: [
    {
      id: 'engagement',
      title: 'Notre démarche',
      blocks: [
        p(
          'Nous voulons que ce site soit utilisable par tous, y compris par les personnes qui naviguent au clavier, avec un lecteur d’écran, une loupe ou une commande vocale.',
        ),
        p(
          `Il suit le ${rgaa.name}, version ${rgaa.version}, au niveau AA : ce référentiel reprend les exigences de la norme européenne EN 301 549 et les règles WCAG 2.1 du W3C. Le référentiel est publié sur `,
          external(rgaa.website, rgaa.websiteLabel),
          '.',
        ),
      ],
    },
    {
      id: 'etat-de-conformite',
      title: 'État de conformité',
      blocks: [
        p(
          'Ce site n’a pas encore fait l’objet d’un audit de conformité au RGAA. Nous ne déclarons donc pas qu’il est conforme, même partiellement : seul un audit complet permettrait de l’établir.',
        ),
        p(
          `Avec ${site.staff} salariés, notre entreprise n’est pas une microentreprise dispensée des exigences d’accessibilité applicables aux services de commerce électronique, en vigueur depuis le 28 juin 2025 (article L. 412-13 du Code de la consommation). Elles s’appliquent à ce site dès sa mise en ligne : un audit complet par un prestataire indépendant est prévu pour celle-ci, le ${formatFrenchDay(goLive.date)}, et cette page en donnera les résultats et le taux de conformité dès qu’ils seront connus.`,
        ),
      ],
    },
    {
      id: 'verifications',
      title: 'Vérifications effectuées',
      blocks: [
        p('À chaque modification du site, des tests automatisés vérifient :'),
        list(
          'sur chaque page, l’absence d’erreur relevée par l’outil axe-core (règles WCAG 2.0 et 2.1, niveaux A et AA), dont le contraste des textes, les alternatives textuelles des images et les étiquettes des champs de formulaire ;',
          'sur les pages principales, la navigation au clavier : chaque élément interactif est atteint dans l’ordre de lecture, avec un indicateur de focus visible, après un lien d’évitement qui mène directement au contenu ;',
          'l’affichage sur un écran de 375 pixels de large, sans défilement horizontal ;',
          'la lecture et la navigation sans JavaScript ;',
          'le bandeau de cookies, qui ne bloque pas la page, et l’encadré qui remplace la carte tant que vous ne l’avez pas acceptée.',
        ),
        p(
          'Ces tests ne détectent qu’une partie des problèmes d’accessibilité : ils ne remplacent ni un audit ni des essais par des personnes en situation de handicap.',
        ),
      ],
    },
    {
      id: 'limites-connues',
      title: 'Limites connues',
      blocks: [
        list(
          `La carte interactive de la page Contact est fournie par ${maps.provider} : nous ne maîtrisons pas son accessibilité. L’adresse est écrite en toutes lettres sur la même page, avec un lien vers ${maps.provider}.`,
          `Après l’envoi du formulaire de devis, le message de confirmation laisse place au formulaire vidé au bout de ${seconds(QUOTE_SUCCESS_DURATION_MS / 1000)}. Il est annoncé aux lecteurs d’écran, et une ligne qui rappelle l’envoi et la référence de votre demande reste affichée au-dessus du formulaire tant que vous restez sur la page ; en cas de doute, appelez-nous pour vérifier que votre demande nous est parvenue.`,
          'Le site n’a pas encore été essayé par des personnes en situation de handicap utilisant leurs propres aides techniques.',
          'Les documents que nous vous adressons (devis, factures, rapports d’intervention) ne sont pas toujours accessibles : demandez-nous un autre format si nécessaire.',
        ),
      ],
    },
    {
      id: 'autre-moyen',
      title: 'Nous joindre autrement',
      blocks: [
        p(
          'Si vous ne parvenez pas à utiliser une partie du site, par exemple le formulaire de ',
          link(paths.quote, 'demande de devis'),
          ', contactez-nous : nous vous donnerons l’information ou prendrons votre demande sous une autre forme.',
        ),
        definitions(
          ['Téléphone', [phone(site.phone), ` (${site.hoursSentence})`]],
          ['E-mail', email(site.email)],
          ['Courrier', `${site.legalName}, ${fullAddress}`],
        ),
      ],
    },
    {
      id: 'signaler',
      title: 'Signaler un problème',
      blocks: [
        p(
          'Si un contenu ou une fonction du site vous pose problème, écrivez-nous à ',
          email(site.email),
          ' en précisant la page concernée, ce que vous avez essayé de faire et, si possible, le navigateur et l’aide technique que vous utilisez. Nous vous répondons et, si nous ne pouvons pas corriger le défaut rapidement, nous vous proposons une autre façon d’accéder à l’information ou au service.',
        ),
      ],
    },
    {
      id: 'voies-de-recours',
      title: 'Voies de recours',
      blocks: [
        p(
          'Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un contenu ou à un service et que notre réponse ne vous satisfait pas, vous pouvez :',
        ),
        list(
          [
            'saisir le ',
            strong(defenseur.name),
            ' si vous estimez être victime d’une discrimination en raison d’un handicap, en ligne sur ',
            external(defenseur.website, defenseur.websiteLabel),
            `, auprès de l’un de ses délégués, ou par courrier gratuit, sans affranchissement, à l’adresse ${defenseur.address} ;`,
          ],
          [
            'signaler le manquement à la ',
            strong(marketSurveillance.name),
            ', chargée de contrôler le respect des exigences d’accessibilité des services de commerce électronique (article L. 412-13 du Code de la consommation), sur ',
            external(marketSurveillance.reportUrl, marketSurveillance.reportLabel),
            '.',
          ],
        ),
      ],
    },
  ],
  updated,
} satisfies LegalPageContent);
