import { typeset } from '@/lib/typography';
import type { Site } from './types';

/**
 * The company: one object read by the header, the footer, the contact page, the legal pages and the
 * JSON-LD. Values marked in content/placeholders.ts are fictitious and must be replaced before going live.
 */
export const site = typeset({
  name: 'Azur Technique Services',
  shortName: 'Azur Technique',
  legalName: 'Azur Technique Services SARL',
  legalForm: 'Société à responsabilité limitée (SARL)',
  capital: 20000,
  siren: '812 345 676',
  siret: '812 345 676 00017',
  rcs: 'RCS Antibes 812 345 676',
  vatNumber: 'FR19812345676',
  nafCode: '3312Z – Réparation de machines et équipements mécaniques',
  description:
    'Entreprise antiboise de services techniques : maintenance et réparation d’équipements, installation technique professionnelle, conseil et suivi de projets pour les particuliers et les professionnels de la région PACA.',
  foundedYear: 2004,
  staff: 12,
  clients: 500,
  yearsOfExperience: 20,
  address: {
    street: '18 chemin de Saint-Claude',
    postalCode: '06600',
    city: 'Antibes',
    region: 'Provence-Alpes-Côte d’Azur',
    country: 'France',
  },
  geo: { latitude: 43.5808, longitude: 7.1251 },
  phone: '04 65 71 23 45',
  emergencyPhone: '06 39 98 45 12',
  email: 'contact@azur-technique-services.fr',
  privacyEmail: 'donnees@azur-technique-services.fr',
  hours: [
    { days: 'Lundi - Vendredi', hours: '9h - 18h' },
    { days: 'Samedi', hours: 'Sur rendez-vous' },
    { days: 'Dimanche', hours: 'Fermé' },
  ],
  openingHoursSpecification: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
  ],
  shortHours: 'Lun - Ven : 9h - 18h',
  emergency: 'Service d’urgence 24h/24 et 7j/7 pour nos clients sous contrat',
  director: { name: 'Laurent Moretti', role: 'Gérant' },
  host: {
    name: '[Nom de l’hébergeur]',
    address: '[Adresse postale de l’hébergeur]',
    phone: '[Téléphone de l’hébergeur]',
    website: 'https://hebergeur.example',
  },
  insurance: {
    insurer: '[Nom de l’assureur]',
    policy: '[Numéro de contrat]',
    coverage: 'Responsabilité civile professionnelle et garantie décennale pour les travaux d’installation',
    area: 'France métropolitaine',
  },
  mediator: {
    name: '[Nom du médiateur de la consommation]',
    address: '[Adresse postale du médiateur]',
    website: 'https://mediateur.example',
    email: 'contact@mediateur.example',
  },
  serviceArea: 'Région Provence-Alpes-Côte d’Azur, en particulier Antibes et ses environs',
  priceRange: '€€',
  quote: { free: true, responseHours: 24, validityDays: 30 },
} satisfies Site);

/** The public address of the site, without a trailing slash. Set NEXT_PUBLIC_SITE_URL at build time. */
export const siteUrl = (process.env.NEXT_PUBLIC_SITE_URL ?? 'https://www.azur-technique-services.fr').replace(
  /\/+$/,
  '',
);

export const fullAddress = `${site.address.street}, ${site.address.postalCode} ${site.address.city}`;

const mapQuery = encodeURIComponent(`${site.name}, ${fullAddress}`);

/** A plain link to the maps service, and the embeddable map (loaded only with consent, see the map). */
export const maps = typeset({
  provider: 'Google Maps',
  link: `https://www.google.com/maps/search/?api=1&query=${mapQuery}`,
  embed: `https://maps.google.com/maps?q=${mapQuery}&z=15&output=embed`,
  /** Hosts the embed talks to: consent gates every request to them. */
  hosts: ['maps.google.com', 'www.google.com', 'maps.googleapis.com', 'maps.gstatic.com'],
  title: `Carte : ${site.name}, ${site.address.street} à ${site.address.city}`,
});
