import { days, lowerFirst, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { responsePromise } from './commitments';
import { decennial, terms } from './legal-facts';
import { experienceYears, site } from './site';

/** A client's review, with its dates (C. conso. D. 111-17): when it was published, and when we intervened. */
export type Testimonial = {
  quote: string;
  /** First name and initial of the last name. */
  name: string;
  town: string;
  /** Publication date of the review, ISO "2026-08-24". */
  published: string;
  /** Date of the intervention the review is about, ISO. */
  experience: string;
  /** An example review, to replace by a real one before going live (content/placeholders.ts). */
  sample?: boolean;
};

/** How reviews are published (C. conso. L. 111-7-2, D. 111-17): what the home page says under them. */
export const reviewPolicy = {
  /** A review is published at most this many days after we receive it. */
  publicationDays: 30,
  /** And stays online at most this many years. */
  retentionYears: 3,
};

/**
 * « Plus de 500 clients satisfaits » must be provable (C. conso. L. 121-2), by a satisfaction survey. The go-live
 * check asks until the company confirms it holds that proof (`proofHeld: true`); without one, set `satisfied`
 * to false and the claim reads « Plus de 500 clients ».
 */
export const satisfactionClaim = { satisfied: true, proofHeld: false } as const;

const testimonials: Testimonial[] = [
  {
    quote:
      'Intervention rapide sur notre climatisation en plein mois d’août. Technicien ponctuel, travail propre et explications claires. Je recommande !',
    name: 'Sophie M.',
    town: 'Antibes',
    published: '2026-08-24',
    experience: '2026-08-12',
    sample: true,
  },
  {
    quote:
      'Ils ont installé l’ensemble des équipements de notre nouvel atelier dans les délais annoncés. Un vrai suivi du début à la fin.',
    name: 'Marc D.',
    town: 'Cannes',
    published: '2026-06-08',
    experience: '2026-05-20',
    sample: true,
  },
  {
    quote:
      'Leurs conseils nous ont évité un achat inutile et fait économiser sur notre projet de rénovation. Une équipe à l’écoute.',
    name: 'Isabelle R.',
    town: 'Valbonne',
    published: '2026-03-05',
    experience: '2026-02-17',
    sample: true,
  },
];

/** True while the reviews are examples (content/placeholders.ts; a demo build says so under them). */
export const sampleReviews = testimonials.some((item) => item.sample === true);

export const home = typeset({
  meta: {
    title: 'Services techniques à Antibes et en PACA',
    description: `Maintenance et réparation d’équipements, installation technique et conseil à Antibes et en région PACA. Devis gratuit, ${responsePromise.text}.`,
  },
  hero: {
    eyebrow: `Antibes · Côte d’Azur · depuis ${site.foundedYear}`,
    title: 'Vos équipements entre de bonnes mains',
    text: `Maintenance, réparation, installation technique et conseil pour les particuliers et les professionnels de la région PACA. Un interlocuteur unique, des techniciens qualifiés et un devis gratuit, avec un ${responsePromise.text}.`,
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
    text: `Depuis ${site.foundedYear}, une équipe de ${site.staff} professionnels au service des particuliers et des entreprises de la Côte d’Azur.`,
    reasons: [
      {
        icon: 'award',
        title: `Plus de ${experienceYears} ans d’expérience`,
        text: `Installée à Antibes depuis ${site.foundedYear}, notre entreprise connaît les équipements et les contraintes de la région.`,
      },
      {
        icon: 'shield',
        title: 'Interventions garanties',
        text: `Nos prestations sont garanties ${years(terms.warrantyYears)} ; les ${decennial.works} relèvent en outre de la garantie décennale (${decennial.article}), couverte par notre assurance.`,
      },
      {
        icon: 'clock',
        title: 'Réactivité',
        text: `Devis gratuit avec un ${responsePromise.text}, et ${lowerFirst(site.emergency)}.`,
      },
      {
        icon: 'users',
        title: `Plus de ${site.clients} clients${satisfactionClaim.satisfied ? ' satisfaits' : ''}`,
        text: 'Particuliers, commerces, copropriétés et entreprises nous font confiance dans toute la région PACA.',
      },
    ],
  },
  testimonials: {
    title: 'Ils nous font confiance',
    /** Before each date: "Avis publié le 24 août 2026", "intervention du 12 août 2026". */
    published: 'Avis publié le',
    experience: 'intervention du',
    /** Near the reviews (D. 111-17, 1°): whether and how they are checked, and their order. */
    statement:
      'Ces avis nous ont été adressés par écrit par des clients après une intervention. Avant de les publier, nous vérifions que leur auteur est bien client (intervention facturée à son nom) ; ils ne font l’objet d’aucun autre contrôle, notamment par un organisme indépendant. Ils sont présentés du plus récent au plus ancien.',
    /**
     * The specific section (L. 111-7-2, D. 111-17, 2°, and D. 111-19): whether every review is published,
     * negative ones included, why one would be refused, consideration, and how long reviews take to appear
     * and stay. Each review shows its own dates (D. 111-18): publication and intervention.
     */
    policy: {
      title: 'Comment nous publions les avis',
      items: [
        'Nous publions tous les avis que nos clients nous adressent par écrit après une intervention, favorables ou non, dès lors que leur auteur accepte leur publication : nous ne les trions pas selon leur note ou leur ton, et nous ne les modifions pas.',
        'Un avis n’est refusé que si son auteur n’est pas client, s’il ne porte pas sur une de nos interventions, ou s’il contient des propos injurieux, diffamatoires ou discriminatoires, ou des données personnelles d’une autre personne. Nous disons alors à son auteur que son avis n’est pas publié, et pourquoi.',
        'Aucune contrepartie n’est offerte en échange d’un avis.',
        `Un avis est publié au plus tard ${days(reviewPolicy.publicationDays)} après sa réception, avec l’accord écrit de son auteur, donné séparément de son avis, sous son prénom, l’initiale de son nom et sa ville. Il indique la date de sa publication et celle de l’intervention dont il parle.`,
        `Il reste en ligne ${years(reviewPolicy.retentionYears)} au plus ; son auteur peut le faire retirer à tout moment.`,
      ],
    },
    /** Newest first, as the statement says. */
    items: [...testimonials].sort((a, b) => b.published.localeCompare(a.published)),
  },
  finalCta: {
    title: 'Un projet, une panne, une question ?',
    text: `Décrivez votre besoin : ${responsePromise.text}, avec un devis gratuit et sans engagement.`,
    primary: 'Demander un devis gratuit',
  },
} as const);

export type ReasonIcon = (typeof home.why.reasons)[number]['icon'];
