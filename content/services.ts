import { typeset } from '@/lib/typography';
import { decennial } from './legal-facts';
import { photos } from './images';
import type { Photo } from './types';

export type ServiceId = 'maintenance' | 'installation' | 'conseil';

export type Service = {
  id: ServiceId;
  /** Lucide icon name, mapped in components/ui/icons.tsx. */
  icon: 'wrench' | 'zap' | 'clipboard';
  title: string;
  shortTitle: string;
  summary: string;
  description: string;
  features: readonly string[];
  /** Starting price in euros, excluding tax (content/pricing.ts adds the VAT). */
  priceFrom: number;
  /** What the price is for, when not the whole service: "séance de 2 h" reads "120 € HT par séance de 2 h". */
  per?: string;
  photo: Photo;
};

/**
 * How long one advice session lasts: the price "par séance" says it. An example length, to confirm before
 * going live (content/placeholders.ts).
 */
export const sessionLength = { hours: 2, placeholder: true } as const;

/** The three services, in the order of the pages. */
export const services: readonly [Service, Service, Service] = typeset([
  {
    id: 'maintenance',
    icon: 'wrench',
    title: 'Maintenance et réparation d’équipements',
    shortTitle: 'Maintenance et réparation',
    summary:
      'Entretien préventif, dépannage et réparation de vos équipements, pour qu’ils durent et ne vous lâchent pas.',
    description:
      'Nos techniciens diagnostiquent, entretiennent et réparent vos équipements techniques, chez vous ou dans vos locaux. Un contrat de maintenance préventive réduit les pannes et prolonge la durée de vie de votre matériel.',
    features: [
      'Diagnostic complet et rapport d’intervention',
      'Maintenance préventive planifiée',
      'Dépannage et réparation sur site',
      'Pièces détachées d’origine ou équivalentes',
      'Contrats d’entretien annuels',
    ],
    priceFrom: 150,
    photo: photos.maintenance,
  },
  {
    id: 'installation',
    icon: 'zap',
    title: 'Installation technique professionnelle',
    shortTitle: 'Installation technique',
    summary: 'Installation et mise en service de vos équipements, dans les règles de l’art et aux normes en vigueur.',
    description: `De l’étude préalable à la mise en service, nous installons vos équipements techniques et électriques avec un interlocuteur unique et un chantier propre. Les ${decennial.works} relèvent de notre garantie décennale (${decennial.article}).`,
    features: [
      'Étude technique et visite préalable',
      'Installation et raccordement aux normes',
      'Mise en service et essais',
      'Formation à l’utilisation',
      'Dossier technique remis en fin de chantier',
    ],
    priceFrom: 250,
    photo: photos.installation,
  },
  {
    id: 'conseil',
    icon: 'clipboard',
    title: 'Conseil et suivi de projets',
    shortTitle: 'Conseil et suivi',
    summary: 'Un regard d’expert pour choisir, planifier et piloter vos projets techniques, du besoin à la réception.',
    description:
      'Nous vous aidons à définir votre besoin, comparer les solutions et suivre l’exécution de vos projets techniques : cahier des charges, consultation des entreprises, suivi de chantier et réception des travaux.',
    features: [
      'Audit de vos installations existantes',
      'Rédaction du cahier des charges',
      'Analyse et comparaison des devis',
      'Planification et suivi de chantier',
      'Assistance à la réception des travaux',
    ],
    priceFrom: 120,
    per: `séance de ${sessionLength.hours} h`,
    photo: photos.conseil,
  },
] as const satisfies readonly Service[]);

/** Towns listed as served (docs/specification.md), then the whole region. */
export const towns = typeset([
  'Antibes',
  'Juan-les-Pins',
  'Cannes',
  'Nice',
  'Grasse',
  'Valbonne',
  'Mougins',
  'Vallauris',
  'Sophia Antipolis',
  'Le Cannet',
  'Biot',
  'Cagnes-sur-Mer',
  'Villeneuve-Loubet',
  'Saint-Laurent-du-Var',
  'Mandelieu-la-Napoule',
] as const);

export const wholeRegion = 'Toute la région PACA';
