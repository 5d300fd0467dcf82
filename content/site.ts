import { buildYear } from '@/lib/build-info';
import { experienceClaimYears } from '@/lib/format';
import { hoursSentence, hoursTable, openingRulesOf, shortHours } from '@/lib/hours';
import { formatSiren, formatSiret, rcsLine, vatNumber } from '@/lib/identifiers';
import { typeset } from '@/lib/typography';
import { decennial } from './legal-facts';
import { siteData, type SiteData } from './data/values';
import type { Site } from './types';
import { buildEnv } from '@/lib/build-env';

/** Where the company is, beyond what the owner enters (content/data/coordonnees.json). */
const region = { region: 'Provence-Alpes-Côte d’Azur', country: 'France' };

/** What the site writes for a closed day without a note of its own. */
const closedNote = 'Fermé';

/**
 * The company from the owner's data (content/data/): one object read by the header, the footer, the contact
 * page, the legal pages, the JSON-LD and the receiver. A function of the data, so that the receiver can
 * derive it from published data as well as from the committed files (`site` below). Values the go-live
 * check finds still fictitious (content/placeholders.ts) must be replaced before going live.
 */
export function siteOf(data: SiteData): Site {
  const { coordonnees, accueil } = data;
  const company = data['mise-en-ligne'];
  const openingHours = openingRulesOf(coordonnees.openingHours, closedNote);
  return typeset({
    name: 'Azur Technique Services',
    shortName: 'Azur Technique',
    legalName: company.legalName,
    legalForm: company.legalForm,
    capital: company.capital,
    siren: formatSiren(company.siren),
    /** SIRET = SIREN + the head office's establishment number (NIC). */
    siret: formatSiret(company.siren, company.nic),
    rcs: rcsLine(company.rcsCity, company.siren),
    rcsCity: company.rcsCity,
    vatNumber: vatNumber(company.siren),
    nafCode: company.nafCode,
    description:
      'Entreprise antiboise de services techniques : maintenance et réparation d’équipements, installation technique professionnelle, conseil et suivi de projets pour les particuliers et les professionnels de la région PACA.',
    foundedYear: accueil.figures.foundedYear,
    staff: accueil.figures.staff,
    clients: accueil.figures.clients,
    address: { ...coordonnees.address, ...region },
    geo: coordonnees.geo,
    phone: coordonnees.phone,
    emergencyPhone: coordonnees.emergencyPhone,
    email: coordonnees.email,
    privacyEmail: coordonnees.privacyEmail,
    openingHours,
    /** "Du lundi au vendredi" | "9 h – 18 h", "Samedi" | "Sur rendez-vous"… */
    hours: hoursTable(openingHours),
    /** "Lun.–ven. : 9 h – 18 h", where room is short. */
    shortHours: shortHours(openingHours),
    /** "du lundi au vendredi, de 9 h à 18 h", in a sentence. */
    hoursSentence: hoursSentence(openingHours),
    closures: coordonnees.closures,
    emergency: 'Service d’urgence 24 h/24, 7 j/7, pour nos clients sous contrat de maintenance',
    director: company.director,
    host: company.host,
    insurance: {
      ...company.insurance,
      coverage: `Responsabilité civile professionnelle et garantie décennale pour les ${decennial.works}`,
    },
    mediator: company.mediator,
    serviceArea: 'Région Provence-Alpes-Côte d’Azur, en particulier à Antibes et dans ses environs',
    priceRange: '€€',
    quote: { free: true, responseHours: 24, validityDays: 30 },
  });
}

/** The company as the committed data (content/data/) describes it. */
export const site = siteOf(siteData);

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
