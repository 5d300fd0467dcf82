import { typeset } from '@/lib/typography';
import { experienceYears, site } from './site';

export const home = typeset({
  meta: {
    title: 'Services techniques à Antibes et en PACA',
    description:
      'Maintenance et réparation d’équipements, installation technique et conseil à Antibes et en région PACA. Devis gratuit sous 24 h.',
  },
  hero: {
    eyebrow: `Antibes · Côte d’Azur · depuis ${site.foundedYear}`,
    title: 'Vos équipements entre de bonnes mains',
    text: 'Maintenance, réparation, installation technique et conseil pour les particuliers et les professionnels de la région PACA. Un interlocuteur unique, des techniciens qualifiés, un devis gratuit sous 24 h.',
    primaryCta: 'Demander un devis gratuit',
    secondaryCta: 'Découvrir nos services',
  },
  servicesIntro: {
    title: 'Nos services',
    text: 'Trois métiers complémentaires pour entretenir, équiper et faire avancer vos projets.',
    more: 'En savoir plus',
  },
  why: {
    title: 'Pourquoi nous choisir ?',
    text: `Depuis ${site.foundedYear}, ${site.staff} professionnels au service des particuliers et des entreprises de la Côte d’Azur.`,
    reasons: [
      {
        icon: 'award',
        title: `${experienceYears}+ ans d’expérience`,
        text: `Fondée à Antibes en ${site.foundedYear}, notre équipe connaît les équipements et les contraintes de la région.`,
      },
      {
        icon: 'shield',
        title: 'Interventions garanties',
        text: 'Nos prestations sont garanties un an et nos installations couvertes par une assurance décennale.',
      },
      {
        icon: 'clock',
        title: 'Réactivité 24h',
        text: `Devis gratuit sous ${site.quote.responseHours} h et service d’urgence 24h/24 pour nos clients sous contrat.`,
      },
      {
        icon: 'users',
        title: `${site.clients}+ clients satisfaits`,
        text: 'Particuliers, commerces, copropriétés et entreprises nous font confiance dans toute la région PACA.',
      },
    ],
  },
  testimonials: {
    title: 'Ils nous font confiance',
    items: [
      {
        quote:
          'Intervention rapide sur notre climatisation en plein mois d’août. Technicien ponctuel, travail propre et explications claires. Je recommande !',
        name: 'Sophie M.',
        town: 'Antibes',
      },
      {
        quote:
          'Ils ont installé l’ensemble des équipements de notre nouvel atelier dans les délais annoncés. Un vrai suivi du début à la fin.',
        name: 'Marc D.',
        town: 'Cannes',
      },
      {
        quote:
          'Leurs conseils nous ont évité un achat inutile et fait économiser sur notre projet de rénovation. Une équipe à l’écoute.',
        name: 'Isabelle R.',
        town: 'Valbonne',
      },
    ],
  },
  finalCta: {
    title: 'Un projet, une panne, une question ?',
    text: `Décrivez votre besoin : nous vous répondons sous ${site.quote.responseHours} h avec un devis gratuit et sans engagement.`,
    primary: 'Demander un devis gratuit',
  },
} as const);

export type ReasonIcon = (typeof home.why.reasons)[number]['icon'];
