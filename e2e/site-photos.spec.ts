import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { photosData, photosDataFile } from '@/content/data/registry';
import { photoPlaces, photoUploadMessages } from '@/content/photo-upload';
import { expectThumbTargets } from './inbox-checks';
import { expectNoHorizontalOverflow, expectNoViolations, typographyProblems } from './page-checks';
import { PUBLICATION_MS, signInTo, type SiteStack } from './site-stack';
import { test } from './worker-servers';

/**
 * « Le site › Photos » on a 390 px phone, against a real receiver whose checkout is a clone of this
 * repository (e2e/site-stack.ts): a manager picks a photo (setInputFiles, as the phone's gallery hands it
 * over), writes its text, saves, sees it waiting, publishes; the real build makes its AVIF and WebP copies
 * and the page served from SITE_RELEASES_DIR/current shows it with its text.
 */

test.describe.configure({ mode: 'default' });
test.use({ viewport: { width: 390, height: 844 } });

let stack: SiteStack;
test.beforeEach(async ({ siteStack }) => {
  stack = siteStack;
});

const team = photoPlaces.find((place) => place.key === 'team')!;
const typeset = (text: string) => text.replace(/\s+/g, ' ');

test('@mobile a photo from the phone, with its text: saved, waiting, published with its copies and its text', async ({
  page,
}) => {
  test.setTimeout(2 * PUBLICATION_MS);
  await signInTo(stack, page);
  await page.goto(`${stack.inbox.url}site/`);
  await page.getByRole('link', { name: 'Photos' }).click();
  for (const width of [360, 1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.reload();
    await page.waitForLoadState('load');
    await expectNoHorizontalOverflow(page, `Photos at ${width} px`);
    await expectThumbTargets(page);
    await expectNoViolations(page);
    expect(await typographyProblems(page), `Photos at ${width} px`).toEqual([]);
  }

  const place = page.getByRole('region', { name: team.title });
  await expect(place.getByLabel('Texte de remplacement')).toHaveValue(photosData.team.alt);
  const photo = await sharp({ create: { width: team.minWidth + 200, height: 700, channels: 3, background: '#2f6f8f' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'AppareilDeTest' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 34/1 50/1' } })
    .toBuffer();

  // Without its text: refused beside the field, the photo asked again.
  await place
    .getByLabel(/^Nouvelle photo/)
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  await place.getByLabel('Texte de remplacement').fill('');
  await place.getByRole('button', { name: 'Enregistrer' }).click();
  const again = page.getByRole('region', { name: team.title });
  await expect(again.getByText(typeset(photoUploadMessages.altMissing))).toBeVisible();
  await expect(again.getByLabel('Texte de remplacement')).toHaveAttribute('aria-invalid', 'true');

  const alt = 'Notre équipe devant la camionnette, à Antibes';
  await again
    .getByLabel(/^Nouvelle photo/)
    .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  await again.getByLabel('Texte de remplacement').fill(alt);
  await again.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').first()).toContainText(typeset(photoUploadMessages.saved));
  const saved = page.getByRole('region', { name: team.title }).getByRole('img', { name: alt });
  await expect(saved).toBeVisible();
  expect(await saved.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('link', { name: '← Le site' }).click();
  await expect(page.getByText(`${team.title} › Photo`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Une publication est en cours')).toHaveCount(0, { timeout: PUBLICATION_MS });
  await expect(page.locator('.publications > li').first()).toContainText(/^En ligne/);

  // The release: the pipeline's copies of the new photo, and the About page showing it with its text.
  const current = join(stack.releases, 'current');
  const copies = readdirSync(join(current, 'photos'));
  expect(copies.some((name) => /^team-\d+\.[0-9a-f]{12}\.avif$/.test(name))).toBe(true);
  expect(copies.some((name) => /^team-\d+\.[0-9a-f]{12}\.webp$/.test(name))).toBe(true);
  const committed = JSON.parse(readFileSync(join(stack.checkout, photosDataFile.file), 'utf8'));
  expect(committed.team.alt).toBe(alt);
  await page.goto(`${stack.siteOrigin}/a-propos/`);
  const served = page.getByRole('img', { name: alt });
  await expect(served).toBeVisible();
  expect(await served.getAttribute('src')).toMatch(/^\/photos\/team-\d+\.[0-9a-f]{12}\.webp$/);
});
