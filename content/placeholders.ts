import { site } from './site';

/**
 * Every value of the site that is fictitious or unknown and must be replaced before going live.
 * The README lists the same items under "Avant la mise en ligne"; each points to where the value lives.
 */
export const placeholders = [
  {
    what: 'Raison sociale, forme juridique, capital',
    where: 'content/site.ts (name, legalName, legalForm, capital)',
    value: `${site.legalName}, ${site.capital} €`,
  },
  {
    what: 'SIREN, SIRET, RCS, numéro de TVA, code NAF',
    where: 'content/site.ts (siren, siret, rcs, vatNumber, nafCode)',
    value: site.siret,
  },
  {
    what: 'Adresse du siège et coordonnées GPS',
    where: 'content/site.ts (address, geo)',
    value: `${site.address.street}, ${site.address.city}`,
  },
  {
    what: 'Téléphone et ligne d’urgence (numéros ARCEP réservés à la fiction)',
    where: 'content/site.ts (phone, emergencyPhone)',
    value: site.phone,
  },
  {
    what: 'Adresses e-mail et nom de domaine',
    where: 'content/site.ts (email, privacyEmail) et NEXT_PUBLIC_SITE_URL',
    value: site.email,
  },
  { what: 'Directeur de la publication', where: 'content/site.ts (director)', value: site.director.name },
  { what: 'Hébergeur (nom, adresse, téléphone)', where: 'content/site.ts (host)', value: site.host.name },
  {
    what: 'Assurance professionnelle et décennale',
    where: 'content/site.ts (insurance)',
    value: site.insurance.insurer,
  },
  { what: 'Médiateur de la consommation', where: 'content/site.ts (mediator)', value: site.mediator.name },
  {
    what: 'Témoignages clients (avec l’accord des clients)',
    where: 'content/home.ts (testimonials)',
    value: 'Trois témoignages d’exemple',
  },
] as const;
