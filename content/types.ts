/** Shapes of the content modules. Everything a business owner may change lives in content/. */

import type { Closure } from '@/lib/closures';
import type { OpeningRule } from '@/lib/hours';
import type { PhotoLayout } from '@/lib/photo-layouts';

export type { Closure };

export type Address = {
  street: string;
  postalCode: string;
  city: string;
  region: string;
  country: string;
};

export type OpeningHoursRow = {
  /** "Du lundi au vendredi" */
  days: string;
  /** "9 h – 18 h", "Sur rendez-vous", "Fermé" */
  hours: string;
};

export type Site = {
  name: string;
  shortName: string;
  legalName: string;
  legalForm: string;
  /** Share capital, in euros. */
  capital: number;
  siren: string;
  siret: string;
  rcs: string;
  /** The town of the commercial court (greffe) of `rcs`. */
  rcsCity: string;
  vatNumber: string;
  nafCode: string;
  description: string;
  foundedYear: number;
  staff: number;
  clients: number;
  address: Address;
  geo: { latitude: number; longitude: number };
  phone: string;
  emergencyPhone: string;
  email: string;
  privacyEmail: string;
  openingHours: readonly OpeningRule[];
  hours: readonly OpeningHoursRow[];
  shortHours: string;
  hoursSentence: string;
  emergency: string;
  director: { name: string; role: string };
  host: { name: string; address: string; phone: string; website: string };
  insurance: {
    insurer: string;
    /** The insurer's postal address, printed on every devis with its name (loi 96-603, art. 22-2). */
    address: string;
    policy: string;
    coverage: string;
    area: string;
  };
  mediator: { name: string; address: string; website: string; email: string };
  serviceArea: string;
  priceRange: string;
  quote: { free: boolean; responseHours: number; validityDays: number };
  /** Exceptional closures (lib/closures.ts): the notice on every page, the form's call-back day, the deadlines. */
  closures: readonly Closure[];
};

export type NavItem = { href: string; label: string };

/** A photo as content/images.ts lists it. */
export type PhotoEntry = {
  /** The stock photo shown until the company adds its own: https://images.unsplash.com/photo-<id> (lib/photo.ts). */
  id: string;
  alt: string;
  /** The stock photo's proportions; the company's own photo brings its own (read from the file). */
  width: number;
  height: number;
  /** How the site draws it (lib/photo-layouts.ts): the build makes the copies these uses need. */
  uses: readonly PhotoLayout[];
};

/** A photo of the site: its key in content/images.ts, and the company's original when there is one. */
export type Photo = PhotoEntry & { key: string; original: string | null };
