import { days, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { responsePromise } from './commitments';
import { decennial, terms } from './legal-facts';
import { siteData } from './data/values';
import { satisfactionClaim } from './home';
import { experienceYears, site } from './site';

/** What the owner edits of the page (content/data/accueil.json); the rest derives from the company's facts. */
const { about: texts } = siteData.accueil;

export const about = typeset({
  meta: {
    title: 'À propos',
    description: `L’histoire d’${site.name}, entreprise antiboise fondée en ${site.foundedYear} : une équipe de ${site.staff} professionnels, nos valeurs et nos engagements qualité.`,
  },
  intro: {
    title: `À propos d’${site.name}`,
    text: `Une entreprise de services techniques installée à Antibes depuis ${site.foundedYear}, au service de plus de ${site.clients} clients.`,
  },
  /** Under the stock photos beside « Notre histoire » and « Notre équipe »: they show neither. */
  photoCaption: 'Photo d’illustration',
  history: {
    title: 'Notre histoire',
    paragraphs: [
      `${site.name} est née à Antibes en ${site.foundedYear}, de l’envie de proposer aux particuliers et aux entreprises de la Côte d’Azur un service technique fiable, réactif et honnête.`,
      texts.history,
      `Plus de ${experienceYears} ans après, nous restons une entreprise à taille humaine, installée à Antibes.`,
    ],
  },
  team: {
    title: 'Notre équipe',
    text: `Notre équipe compte ${site.staff} professionnels : techniciens de maintenance, électriciens, installateurs et chargés d’affaires, formés régulièrement aux nouvelles technologies et aux normes en vigueur.`,
  },
  expertise: {
    title: 'Notre expertise',
    items: texts.expertise,
  },
  zone: {
    title: 'Notre zone d’intervention',
    text: texts.zone,
  },
  values: {
    title: 'Nos valeurs',
    items: [
      { icon: 'handshake', title: 'Honnêteté', text: 'Un diagnostic franc, un devis clair et aucuns frais cachés.' },
      {
        icon: 'zap',
        title: 'Réactivité',
        text: `Un ${responsePromise.text} et des interventions planifiées rapidement.`,
      },
      {
        icon: 'badge-check',
        title: 'Qualité',
        text: 'Des travaux soignés, réalisés dans les règles de l’art et garantis.',
      },
      { icon: 'heart', title: 'Proximité', text: 'Une équipe locale, joignable et qui connaît votre installation.' },
    ],
  },
  figures: {
    title: 'En quelques chiffres',
    items: [
      { value: `${site.foundedYear}`, label: 'Année de création' },
      { value: `Plus de ${experienceYears}`, label: 'Années d’expérience' },
      { value: `${site.staff}`, label: 'Collaborateurs' },
      { value: `Plus de ${site.clients}`, label: satisfactionClaim.satisfied ? 'Clients satisfaits' : 'Clients' },
    ],
  },
  commitments: {
    title: 'Nos engagements qualité',
    items: [
      `Devis gratuit et détaillé, valable ${days(site.quote.validityDays)}, avec un ${responsePromise.text}`,
      'Intervention par des techniciens qualifiés et assurés',
      'Respect des délais annoncés et chantier laissé propre',
      `Prestations garanties ${years(terms.warrantyYears)} ; garantie décennale pour les ${decennial.works} (${decennial.article})`,
      'Rapport d’intervention remis après chaque visite',
    ],
  },
} as const);

export type ValueIcon = (typeof about.values.items)[number]['icon'];
