import { typeset } from '@/lib/typography';
import { responsePromise } from './commitments';

/**
 * After the words of a link repeated for each service, for screen readers only: « En savoir plus : Maintenance
 * et réparation », « Demander un devis : … », with the no-break space French wants before the colon.
 */
export const forService = (shortTitle: string) => typeset(` : ${shortTitle}`);

export const servicesPage = typeset({
  meta: {
    title: 'Nos services',
    description:
      'Maintenance et réparation d’équipements, installation technique professionnelle, conseil et suivi de projets : nos prestations et tarifs à Antibes.',
  },
  intro: {
    title: 'Nos services',
    text: 'Trois métiers complémentaires, une seule équipe : nous entretenons, installons et vous conseillons, pour les particuliers comme pour les professionnels.',
  },
  featuresTitle: 'Ce qui est inclus',
  priceLabel: 'À partir de',
  quoteButton: 'Demander un devis',
  custom: {
    title: 'Un besoin particulier ?',
    text: `Chaque projet est unique. Décrivez-nous le vôtre : nous étudions votre besoin et vous adressons un devis personnalisé, gratuit et sans engagement, avec un ${responsePromise.text}.`,
    button: 'Demander un devis personnalisé',
  },
  towns: {
    title: 'Nos zones d’intervention',
    text: 'Basés à Antibes, nous intervenons dans toute la région Provence-Alpes-Côte d’Azur :',
  },
});
