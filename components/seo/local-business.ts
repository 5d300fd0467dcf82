import { vat } from '@/content/pricing';
import { services, towns } from '@/content/services';
import { site, siteUrl } from '@/content/site';
import { telHref, withVat } from '@/lib/format';
import { schemaOpeningHours } from '@/lib/hours';

/** schema.org data for search engines, built from content/ at build time. */
export function localBusinessJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${siteUrl}/#entreprise`,
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: `${siteUrl}/`,
    image: `${siteUrl}/og-image.png`,
    logo: `${siteUrl}/apple-icon.png`,
    telephone: telHref(site.phone).replace('tel:', ''),
    email: site.email,
    foundingDate: String(site.foundedYear),
    numberOfEmployees: { '@type': 'QuantitativeValue', value: site.staff },
    taxID: site.siren.replace(/\s/g, ''),
    vatID: site.vatNumber,
    priceRange: site.priceRange,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      addressCountry: 'FR',
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: schemaOpeningHours(site.openingHours),
    areaServed: [
      ...towns.map((town) => ({ '@type': 'City', name: town })),
      { '@type': 'AdministrativeArea', name: site.address.region },
    ],
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: services.map((service) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: service.title, description: service.summary },
        // Consumers read what search engines show: the price including tax (the site shows both).
        priceSpecification: {
          '@type': 'PriceSpecification',
          price: withVat(service.priceFrom, vat.standardRate),
          minPrice: withVat(service.priceFrom, vat.standardRate),
          priceCurrency: 'EUR',
          valueAddedTaxIncluded: true,
        },
      })),
    },
  };
}
