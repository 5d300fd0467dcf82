import { buildYear } from '@/lib/build-info';
import { experienceClaimYears } from '@/lib/format';
import { hoursSentence, hoursTable, shortHours, type OpeningRule } from '@/lib/hours';
import { formatSiren, formatSiret, rcsLine, vatNumber } from '@/lib/identifiers';
import { typeset } from '@/lib/typography';
import { decennial } from './legal-facts';
import type { Site } from './types';
import { buildEnv } from '@/lib/build-env';

/** The company's registration (INSEE, greffe): the SIRET, the RCS line and the VAT number derive from it. */
const registration = {
  siren: '812 345 676',
  /** The head office's establishment number (NIC): SIRET = SIREN + NIC. */
  nic: '00017',
  /** The commercial court's registry (greffe) the company is registered with. */
  rcsCity: 'Antibes',
};

/** Opening hours, one line per day or range of days. Every way the site writes them derives from this. */
const openingHours = [
  { from: 'lundi', to: 'vendredi', opens: '09:00', closes: '18:00' },
  { from: 'samedi', note: 'Sur rendez-vous' },
  { from: 'dimanche', note: 'Fermé' },
] as const satisfies readonly OpeningRule[];

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
  siren: formatSiren(registration.siren),
  siret: formatSiret(registration.siren, registration.nic),
  rcs: rcsLine(registration.rcsCity, registration.siren),
  /** The town of the commercial court's registry (greffe). */
  rcsCity: registration.rcsCity,
  vatNumber: vatNumber(registration.siren),
  nafCode: '3312Z – Réparation de machines et équipements mécaniques',
  description:
    'Entreprise antiboise de services techniques : maintenance et réparation d’équipements, installation technique professionnelle, conseil et suivi de projets pour les particuliers et les professionnels de la région PACA.',
  foundedYear: 2004,
  staff: 12,
  clients: 500,
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
  openingHours,
  /** "Du lundi au vendredi" | "9 h – 18 h", "Samedi" | "Sur rendez-vous"… */
  hours: hoursTable(openingHours),
  /** "Lun.–ven. : 9 h – 18 h", where room is short. */
  shortHours: shortHours(openingHours),
  /** "du lundi au vendredi, de 9 h à 18 h", in a sentence. */
  hoursSentence: hoursSentence(openingHours),
  emergency: 'Service d’urgence 24 h/24, 7 j/7, pour nos clients sous contrat de maintenance',
  director: { name: 'Laurent Moretti', role: 'Gérant' },
  host: {
    name: '[Nom de l’hébergeur]',
    address: '[Adresse postale de l’hébergeur]',
    phone: '[Téléphone de l’hébergeur]',
    website: 'https://hebergeur.example',
  },
  insurance: {
    insurer: '[Nom de l’assureur]',
    address: '[Adresse postale de l’assureur]',
    policy: '[Numéro de contrat]',
    coverage: `Responsabilité civile professionnelle et garantie décennale pour les ${decennial.works}`,
    area: 'France métropolitaine',
  },
  mediator: {
    name: '[Nom du médiateur de la consommation]',
    address: '[Adresse postale du médiateur]',
    website: 'https://mediateur.example',
    email: 'contact@mediateur.example',
  },
  serviceArea: 'Région Provence-Alpes-Côte d’Azur, en particulier à Antibes et dans ses environs',
  priceRange: '€€',
  quote: { free: true, responseHours: 24, validityDays: 30 },
  closures: [],
} satisfies Site);

/**
 * Years since the founding, as the site claims them: "plus de 20 ans" from 21 years on, "plus de 30 ans"
 * from 31 (a round figure that stays true until the next one; rebuild to refresh it).
 */
export const experienceYears = experienceClaimYears(site.foundedYear, buildYear);

/** The public address of the site, without a trailing slash. Set NEXT_PUBLIC_SITE_URL at build time. */
export const siteUrl = buildEnv.siteUrl ?? 'https://www.azur-technique-services.fr';

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
  /** Google's privacy policy, in French. */
  privacyUrl: 'https://policies.google.com/privacy?hl=fr',
});
