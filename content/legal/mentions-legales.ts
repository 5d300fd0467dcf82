import { formatPrice } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { fullAddress, site } from '../site';
import { definitions, email, external, link, p, phone } from './blocks';
import { identifierLabels } from '../legal-facts';
import { photoHost } from '../images';
import { deName, withoutProtocol } from '@/lib/format';
import type { LegalPageContent } from './types';
import { paths } from '../navigation';

/** /mentions-legales: LCEN art. 1-1 (ex 6-III) and C. com. R. 123-237. Nine sections. */
/** The day this text last changed (ISO): its last-updated line. Change it with the text. */
const updated = '2026-11-26';

export const mentionsLegales = typeset({
  meta: {
    title: 'Mentions légales',
    description: `Mentions légales du site ${site.name} : éditeur, SIREN et RCS, directeur de la publication, hébergeur, assurance et médiateur.`,
  },
  path: paths.legalNotice,
  title: 'Mentions légales',
  intro: 'Les informations légales relatives à ce site et à la société qui l’édite.',
  sections: [
    {
      id: 'editeur',
      title: 'Éditeur du site',
      blocks: [
        p(`Le présent site est édité par la société ${site.legalName} :`),
        definitions(
          [identifierLabels.legalName, site.legalName],
          ['Nom commercial', site.name],
          [identifierLabels.legalForm, site.legalForm],
          ['Capital social', formatPrice(site.capital)],
          ['Siège social', fullAddress],
          ['Téléphone', phone(site.phone)],
          ['E-mail', email(site.email)],
          [identifierLabels.siren, site.siren],
          [identifierLabels.siret, site.siret],
          [identifierLabels.rcs, site.rcs],
          [identifierLabels.vatNumber, site.vatNumber],
          [identifierLabels.nafCode, site.nafCode],
          [
            'Assurance professionnelle',
            `${site.insurance.coverage}, auprès de ${site.insurance.insurer} (contrat n° ${site.insurance.policy}). Couverture géographique : ${site.insurance.area}.`,
          ],
          [
            'Médiateur de la consommation',
            [
              `${site.mediator.name}, ${site.mediator.address}, `,
              external(site.mediator.website, withoutProtocol(site.mediator.website)),
            ],
          ],
        ),
      ],
    },
    {
      id: 'directeur-publication',
      title: 'Directeur de la publication',
      blocks: [
        p(
          `Le directeur de la publication est ${site.director.name}, en sa qualité de ${site.director.role.toLowerCase()} de la société ${site.legalName}. Il peut être contacté à l’adresse `,
          email(site.email),
          '.',
        ),
      ],
    },
    {
      id: 'hebergement',
      title: 'Hébergement',
      blocks: [
        p('Le site est hébergé par :'),
        definitions(['Hébergeur', site.host.name], ['Adresse', site.host.address], ['Téléphone', site.host.phone]),
      ],
    },
    {
      id: 'propriete-intellectuelle',
      title: 'Propriété intellectuelle',
      blocks: [
        p(
          `L’ensemble des éléments de ce site (textes, logo, mise en page, graphismes, photographies) est la propriété ${deName(site.legalName)} ou fait l’objet d’une autorisation d’utilisation. ${photoHost ? `Les photographies de banque d’images sont fournies par ${photoHost.provider} et utilisées conformément à sa licence.` : 'Une photographie qui n’est pas la nôtre est utilisée avec l’accord de son auteur ou conformément à sa licence.'}`,
        ),
        p(
          'À l’exception des photographies régies par la licence d’un tiers, toute reproduction, représentation, modification ou adaptation de tout ou partie de ces éléments, par quelque procédé que ce soit, sans l’autorisation écrite préalable de la société, est interdite et constitue une contrefaçon sanctionnée par les articles L. 335-2 et suivants du Code de la propriété intellectuelle.',
        ),
      ],
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité',
      blocks: [
        p(
          `${site.legalName} s’efforce de fournir sur ce site des informations exactes et à jour, mais ne peut garantir l’absence d’erreur ou d’omission. Les prix « à partir de » sont des prix minimaux : le prix de chaque prestation est fixé par le devis écrit remis au client, établi à partir des tarifs publiés sur ce site.`,
        ),
        p(
          'La société ne saurait être tenue responsable des interruptions du site, de difficultés techniques ou de dommages résultant de l’utilisation du site par un tiers ou d’une intrusion frauduleuse. L’utilisateur reste responsable de l’équipement qu’il utilise pour accéder au site.',
        ),
      ],
    },
    {
      id: 'liens-hypertextes',
      title: 'Liens hypertextes',
      blocks: [
        p(
          'Le site peut contenir des liens vers des sites tiers. La société n’exerce aucun contrôle sur ces sites et décline toute responsabilité quant à leur contenu ou à leurs pratiques en matière de données personnelles.',
        ),
        p(
          'La création d’un lien vers le présent site est libre, à condition qu’il ne porte pas atteinte à l’image de la société et qu’il ouvre la page dans une fenêtre entière, sans l’intégrer dans les pages d’un autre site.',
        ),
      ],
    },
    {
      id: 'donnees-personnelles',
      title: 'Données personnelles',
      blocks: [
        p(
          'Les données personnelles transmises via ce site, notamment par le formulaire de demande de devis, sont traitées conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés. Les finalités, bases légales, durées de conservation et vos droits sont détaillés dans notre ',
          link(paths.privacy, 'politique de confidentialité'),
          '.',
        ),
        p('Pour toute question ou pour exercer vos droits, écrivez à ', email(site.privacyEmail), '.'),
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        p(
          'Le site n’utilise sans votre accord que les cookies et traceurs strictement nécessaires à son fonctionnement. Le détail des cookies utilisés et la manière de modifier vos choix sont décrits dans notre ',
          link(paths.cookies, 'politique de cookies'),
          '.',
        ),
      ],
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable',
      blocks: [
        p(
          'Les présentes mentions légales sont régies par le droit français. En cas de litige, et à défaut de solution amiable, les tribunaux français sont seuls compétents, dans les conditions de droit commun.',
        ),
        p(
          'Le consommateur peut également recourir gratuitement au médiateur de la consommation indiqué ci-dessus, selon les modalités prévues par nos ',
          link('/cgv/#mediation', 'conditions générales de vente'),
          '.',
        ),
      ],
    },
  ],
  updated,
} satisfies LegalPageContent);
