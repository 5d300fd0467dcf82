import { contact } from '@/content/contact';
import { maps, site } from '@/content/site';
import { towns } from '@/content/services';
import { mailtoHref, telHref } from '../lib/format';
import { expect, test } from './fixtures';

test.describe('contact page', () => {
  // One visit, every check of the page.
  test('address with a maps link, phone and email links; hours day by day and the emergency line; legal information, access and parking, intervention zone', async ({
    page,
  }) => {
    await page.goto('/contact/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.intro.title);
    const card = page.getByRole('region', { name: contact.coordinates.title });
    await expect(card).toContainText(site.address.street);
    await expect(card).toContainText(`${site.address.postalCode} ${site.address.city}`);
    await expect(card.getByRole('link', { name: contact.coordinates.mapLink })).toHaveAttribute('href', maps.link);
    await expect(card.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(card.getByRole('link', { name: site.email })).toHaveAttribute('href', mailtoHref(site.email));

    // Opening hours, day by day, and the emergency line.
    const hours = page.getByRole('region', { name: contact.hours.title });
    await expect(hours.getByRole('term')).toHaveText(site.hours.map((row) => row.days));
    await expect(hours.getByRole('definition')).toHaveText(site.hours.map((row) => row.hours));
    await expect(hours).toContainText(site.emergency);
    await expect(hours.getByRole('link', { name: site.emergencyPhone })).toHaveAttribute(
      'href',
      telHref(site.emergencyPhone),
    );

    // Legal information, access and parking, intervention zone.
    const legal = page.getByRole('region', { name: contact.legal.title });
    for (const value of [site.legalName, site.siren, site.siret, site.rcs, site.vatNumber]) {
      await expect(legal).toContainText(value);
    }
    await expect(page.getByRole('region', { name: contact.access.title }).getByRole('listitem')).toHaveText([
      ...contact.access.items,
    ]);
    const zone = page.getByRole('region', { name: contact.zone.title });
    await expect(zone.getByRole('listitem')).toHaveCount(towns.length + 1);
  });
});
