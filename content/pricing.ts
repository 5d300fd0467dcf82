import { deName, formatPrice, percent, withVat } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { siteData, type SiteData } from './data/values';
import { partsSentence, terms } from './legal-facts';
import { services, type Service } from './services';
import { site } from './site';

/**
 * Prices: every price the site shows reads excluding tax (HT) and including tax (TTC), computed here from
 * the amount HT and the VAT rate, and the price list of /services (arrêté du 24 janvier 2017). The amounts
 * are the owner's (content/data/services.json); until `priceListConfirmed` (content/data/mise-en-ligne.json)
 * they are flagged `placeholder`, examples to replace with the real ones (content/placeholders.ts).
 */

/** VAT rates, in %: the standard rate of the prices shown TTC, and the reduced rates for works in homes. */
export const vat = {
  standardRate: 20,
  /** Improvement, conversion, fitting-out and upkeep of homes completed over two years ago (CGI art. 279-0 bis). */
  homeWorksRate: 10,
  /** Energy-renovation works in such homes (CGI art. 278-0 bis A). */
  energyRenovationRate: 5.5,
} as const;

/** "150 € HT" */
export const exclTax = (euros: number) => typeset(`${formatPrice(euros)} HT`);

/** "180 € TTC", at the standard rate. */
export const inclTax = (euros: number) => typeset(`${formatPrice(withVat(euros, vat.standardRate))} TTC`);

/**
 * A service's starting price in a sentence, the amount including tax first, as the price on /services
 * (components/sections/service-price.tsx): "180 € TTC (150 € HT)", "144 € TTC par séance (120 € HT)".
 */
export function startingPrice(service: Pick<Service, 'priceFrom' | 'per'>): string {
  return `${inclTax(service.priceFrom)}${service.per ? ` par ${service.per}` : ''} (${exclTax(service.priceFrom)})`;
}

const reducedRates = `Pour des travaux d’amélioration, de transformation, d’aménagement ou d’entretien dans un logement achevé depuis plus de deux ans, le taux réduit de ${percent(vat.homeWorksRate)} (${percent(vat.energyRenovationRate)} pour des travaux de rénovation énergétique) s’applique lorsque le client certifie sur le devis que les conditions en sont remplies (articles 279-0 bis et 278-0 bis A du Code général des impôts).`;

/** The VAT rates, in the CGV. */
export const vatRates = typeset(`Le taux normal de TVA est de ${percent(vat.standardRate)}. ${reducedRates}`);

/** The line on VAT under the price list. */
export const vatNote = typeset(
  `Prix TTC calculés au taux normal de TVA de ${percent(vat.standardRate)}. ${reducedRates}`,
);

export type PriceListRow = {
  label: string;
  /** A starting price: the amounts read "à partir de …". */
  from?: boolean;
  /** Amount excluding tax, in euros; the TTC column is computed. Absent: `text` spans both columns. */
  amount?: number;
  text?: string;
  /** An example amount, to replace before going live. */
  placeholder?: boolean;
};

const city = deName(site.address.city);

/**
 * The starting price of a maintenance or repair intervention is the least it costs: it includes travel within
 * the free distance and this much time on site, beyond which the hourly rate applies (`minimumChargeHours`
 * in content/data/services.json). An example until confirmed (content/placeholders.ts).
 */
export const minimumCharge = {
  hoursOnSite: siteData.services.minimumChargeHours,
  placeholder: !siteData['mise-en-ligne'].minimumChargeConfirmed,
};

/** True until the owner confirms the price list's amounts and its counting of time. */
const priceListPlaceholder = !siteData['mise-en-ligne'].priceListConfirmed;

/** Typeset with the price list that shows it. */
const minimumSentence = `Le prix « à partir de » d’une intervention de maintenance ou de réparation est le minimum facturé : il comprend le déplacement jusqu’à ${terms.travelIncludedKm} km ${city} et ${minimumCharge.hoursOnSite === 1 ? 'la première heure' : `les ${minimumCharge.hoursOnSite} premières heures`} de travail sur place ; au-delà, le temps passé est facturé au taux horaire ci-dessus.${site.quote.free ? ' Le devis est gratuit, déplacement compris.' : ''}`;

/** The company's rates, HT in euros. */
export type Rates = {
  /** Labour, per hour on site. */
  hourlyEuros: number;
  /** Travel beyond `terms.travelIncludedKm`, per extra kilometre (there and back). */
  travelPerKmEuros: number;
};

/**
 * The rates from the owner's data (content/data/services.json). A function of the data, so that the receiver
 * can price a new devis from published data too (`rates` below).
 */
export function ratesOf(data: SiteData): Rates {
  return { hourlyEuros: data.services.hourlyEuros, travelPerKmEuros: data.services.travelPerKmEuros };
}

/**
 * The company's rates from the committed data: the price list below and the devis's lines (content/devis.ts)
 * read them.
 */
export const rates = ratesOf(siteData);

/** The price list of /services: the hourly rate, travel costs and the free quote, HT and TTC. */
export const priceList = typeset({
  title: 'Nos tarifs',
  intro:
    'Les prix de nos prestations de dépannage, de réparation et d’entretien, affichés avant toute commande. Le prix de chaque intervention est fixé par un devis écrit préalable.',
  caption: 'Tarifs de nos prestations, hors taxes (HT) et toutes taxes comprises (TTC)',
  columns: { label: 'Prestation', exclTax: 'Prix HT', inclTax: 'Prix TTC' },
  /** Before a starting price in the table. */
  from: 'à partir de',
  rows: [
    ...services.map((service: Service): PriceListRow => ({
      label: service.per ? `${service.title}, par ${service.per}` : service.title,
      from: true,
      amount: service.priceFrom,
    })),
    { label: 'Main-d’œuvre, taux horaire', amount: rates.hourlyEuros, placeholder: priceListPlaceholder },
    { label: `Déplacement jusqu’à ${terms.travelIncludedKm} km ${city}`, text: 'Inclus' },
    {
      label: `Déplacement au-delà de ${terms.travelIncludedKm} km ${city}, par kilomètre supplémentaire (aller et retour)`,
      amount: rates.travelPerKmEuros,
      placeholder: priceListPlaceholder,
    },
    { label: 'Devis', text: site.quote.free ? 'Gratuit' : 'Payant, indiqué avant son établissement' },
  ] satisfies PriceListRow[],
  /** How working time is counted (an example rule, to confirm before going live). */
  timeCounting: {
    text: 'Le temps passé sur place est décompté par demi-heure entamée.',
    placeholder: priceListPlaceholder,
  },
  notes: [minimumSentence, partsSentence, vatNote],
});
