// The screenshots of docs/modifier-le-site.md, taken from the inbox as it is: a receiver on a temporary data
// folder, its publication on (a temporary git checkout holding the site's data, nothing is built; a photo is
// prepared by this repository's scripts/photo-upload.ts), a manager signed in, on a 390 px phone. Run it again after changing « Le site »'s pages, and commit the images.
//
// Usage: npm run receiver:build && node --import tsx scripts/docs-screenshots.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';
import { photosData, photosDataFile, siteData, siteDataPages } from '@/content/data/registry';
import { photoPlaces } from '@/content/photo-upload';
import { serializeData } from '@/lib/data-check';
import { startInboxReceiver } from '../e2e/inbox-receiver';
import { SESSION_COOKIE } from '../receiver/src/inbox/sessions';
import { openDb } from '../receiver/src/store/db';
import { addMember, setManager } from '../receiver/src/store/members';
import { createSession } from '../receiver/src/store/sessions';
import { runCommand } from './cli';
import { samplePhoto } from './sample-photos';

const IMAGES = join(__dirname, '..', 'docs', 'images');

runCommand(async () => {
  const work = mkdtempSync(join(tmpdir(), 'docs-screenshots-'));
  const checkout = join(work, 'checkout');
  const releases = join(work, 'releases');
  for (const page of siteDataPages) {
    mkdirSync(dirname(join(checkout, page.file)), { recursive: true });
    writeFileSync(join(checkout, page.file), serializeData(siteData[page.id]));
  }
  writeFileSync(join(checkout, photosDataFile.file), serializeData(photosData));
  mkdirSync(releases);
  execFileSync('git', ['init', '--quiet', checkout]);
  execFileSync('git', ['-C', checkout, 'add', '-A']);
  execFileSync('git', [
    '-C',
    checkout,
    '-c',
    'user.name=Doc',
    '-c',
    'user.email=doc@exemple.test',
    'commit',
    '-qm',
    'Données',
  ]);
  const root = join(__dirname, '..');
  const inbox = await startInboxReceiver(undefined, {
    SITE_SOURCE_DIR: checkout,
    SITE_RELEASES_DIR: releases,
    SITE_PHOTO_COMMAND: `"${join(root, 'node_modules/.bin/tsx')}" "${join(root, 'scripts/photo-upload.ts')}"`,
  });
  const db = await openDb(inbox.dataDir, 5_000);
  const executablePath = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) =>
    existsSync(path),
  );
  const browser = await chromium.launch({ executablePath });
  try {
    const now = Date.now();
    const { member } = await addMember(db, { name: 'Claire Martin', email: 'claire@entreprise.test' }, now);
    await setManager(db, member.id, true, now);
    const { cookieValue } = await createSession(db, member.id, now);
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      locale: 'fr-FR',
    });
    await context.addCookies([{ name: SESSION_COOKIE, value: cookieValue, url: inbox.url }]);
    const page = await context.newPage();
    mkdirSync(IMAGES, { recursive: true });
    const shot = (name: string) => page.screenshot({ path: join(IMAGES, `modifier-le-site-${name}.png`) });

    await page.goto(`${inbox.url}site/`);
    await shot('1-le-site');
    await page.getByRole('link', { name: 'Coordonnées' }).click();
    await shot('2-coordonnees');
    await page.getByLabel('Téléphone', { exact: true }).fill('04 93 00 11');
    await page.getByRole('button', { name: 'Enregistrer' }).first().click();
    await page.getByLabel('Téléphone', { exact: true }).scrollIntoViewIfNeeded();
    await shot('3-valeur-refusee');
    await page.getByLabel('Téléphone', { exact: true }).fill('04 93 00 11 22');
    await page.getByRole('button', { name: 'Enregistrer' }).first().click();
    await shot('4-a-publier');

    const team = photoPlaces.find((place) => place.key === 'team')!;
    const photo = await (await samplePhoto(team.minWidth + 400, 900)).jpeg().toBuffer();
    await page.getByRole('link', { name: 'Photos' }).click();
    const place = page.getByRole('region', { name: team.title });
    await place
      .getByLabel(/^Nouvelle photo/)
      .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
    await place.getByLabel('Texte de remplacement').fill('Notre équipe devant la camionnette, à Antibes');
    await place.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('region', { name: team.title }).scrollIntoViewIfNeeded();
    await shot('5-photos');
  } finally {
    await browser.close();
    db.close();
    await inbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
  console.error(`images écrites dans ${IMAGES}`);
});
