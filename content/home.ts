import { days, lowerFirst, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { responsePromise } from './commitments';
import { siteData, type SiteData } from './data/values';
import { decennial, terms } from './legal-facts';
import { experienceYears, site } from './site';

/**
 * A client's review, with its dates (C. conso. D. 111-17): its text, its author (first name and initial of the
 * last name) and town, when it was published and the day of the intervention it is about (ISO), and whether
 * it is an example, to replace by a real one before going live (content/placeholders.ts).
 */
export type Testimonial = SiteData['accueil']['testimonials'][number];

/** How reviews are published (C. conso. L. 111-7-2, D. 111-17): what the home page says under them. */
export const reviewPolicy = {
  /** A review is published at most this many days after we receive it. */
  publicationDays: 30,
  /** And stays online at most this many years. */
  retentionYears: 3,
};

/**
 * « Plus de 500 clients satisfaits » must be provable (C. conso. L. 121-2), by a satisfaction survey. The go-live
 * check asks until the company confirms it holds that proof (`proofHeld: true`); without one, `satisfied`
 * false makes the claim read « Plus de 500 clients » (`satisfactionClaim` in content/data/mise-en-ligne.json).
 */
export const satisfactionClaim: { satisfied: boolean; proofHeld: boolean } =
  siteData['mise-en-ligne'].satisfactionClaim;

const { hero } = siteData.accueil;

const testimonials: readonly Testimonial[] = siteData.accueil.testimonials;

/** True while the reviews are examples (content/placeholders.ts; a demo build says so under them). */
export const sampleReviews = testimonials.some((item) => item.sample === true);

export const home = typeset({
  meta: {
    title: 'Services techniques à Antibes et en PACA',
    description: `Maintenance et réparation d’équipements, installation technique et conseil à Antibes et en région PACA. Devis gratuit, ${responsePromise.text}.`,
  },
  hero: {
    eyebrow: `${hero.place} · depuis ${site.foundedYear}`,
    title: hero.title,
    text: `${hero.lead} Un interlocuteur unique, des techniciens qualifiés et un devis gratuit, avec un ${responsePromise.text}.`,
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
