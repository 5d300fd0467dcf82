import { lowerFirst, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { responsePromise } from './commitments';
import { siteData, type SiteData } from './data/values';
import { decennial, terms } from './legal-facts';
import { publishedReviews } from './reviews';
import { experienceYears, site } from './site';

/**
 * A client's review, with its dates (C. conso. D. 111-17): its text, its author (first name and initial of the
 * last name) and town, when it was published and the day of the intervention it is about (ISO), and whether
 * it is an example, to replace by a real one before going live (content/placeholders.ts).
 */
export type Testimonial = SiteData['accueil']['testimonials'][number];

/**
 * « Plus de 500 clients satisfaits » must be provable (C. conso. L. 121-2), by a satisfaction survey. The go-live
 * check asks until the company confirms it holds that proof (`proofHeld: true`); without one, `satisfied`
 * false makes the claim read « Plus de 500 clients » (`satisfactionClaim` in content/data/mise-en-ligne.json).
 */
export const satisfactionClaim: { satisfied: boolean; proofHeld: boolean } =
  siteData['mise-en-ligne'].satisfactionClaim;

const { hero } = siteData.accueil;

const testimonials: readonly Testimonial[] = siteData.accueil.testimonials;

/**
 * True while the home page shows the sample reviews of content/data/accueil.json: until the first real review
 * is published (content/reviews.ts), then never (content/placeholders.ts; a demo build says so under them).
 */
export const sampleReviews = testimonials.some((item) => item.sample === true) && publishedReviews.length === 0;

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
    /**
     * The sample reviews (content/data/accueil.json), shown until the first real one is published. Before
     * each date: "Avis publié le 24 août 2026", "intervention du 12 août 2026".
     */
    published: 'Avis publié le',
    experience: 'intervention du',
    /** Newest first, as the statement says (content/reviews.ts). */
    items: [...testimonials].sort((a, b) => b.published.localeCompare(a.published)),
  },
  finalCta: {
    title: 'Un projet, une panne, une question ?',
    text: `Décrivez votre besoin : ${responsePromise.text}, avec un devis gratuit et sans engagement.`,
    primary: 'Demander un devis gratuit',
  },
} as const);

export type ReasonIcon = (typeof home.why.reasons)[number]['icon'];
