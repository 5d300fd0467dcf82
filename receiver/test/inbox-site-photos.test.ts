import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import sharp from 'sharp';
import { attribute, elementById, elements, textOf } from '../../scripts/html';
import { serializeData } from '../../lib/data-check';
import { PHOTO_MAX_BYTES, photoPlaces, photosData, photosDataFile, photoUploadMessages, siteData } from '../src/facts';
import { SESSION_COOKIE } from '../src/inbox/sessions';
import { href } from '../src/inbox/paths';
import { latestPublications, previewDir } from '../src/publish/engine';
import { logFileOf } from '../src/publish/steps';
import { setManager } from '../src/store/members';
import { createSession } from '../src/store/sessions';
import { waitFor } from './helpers';
import { NOW, page, pagesApp, statusMessage, type Pages } from './inbox-pages';
import { PHOTO_PIPELINE, testSite, type TestSite } from './publish-site';
import { publishData } from './factories';

/**
 * « Le site › Photos » through app.inject, with real parts: a real JPEG carrying an EXIF block with a GPS
 * position (made by sharp), posted as a phone's browser posts the form (multipart, the anti-forgery token
 * among its fields); the checkout's own command (scripts/photo-upload.ts) decoding and re-encoding it; the
 * real engine on a real git checkout, whose build runs the repository's real photo pipeline
 * (scripts/photos.ts) before the small site of publish-site.ts.
 */

const team = photoPlaces.find((place) => place.key === 'team')!;
const hero = photoPlaces.find((place) => place.key === 'hero')!;

/** A JPEG of `width` × `height` with an EXIF block: a camera's make and a GPS position (Antibes). */
function photoWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a7f9c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'AppareilDeTest' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 34/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '7/1 7/1 30/1' },
    })
    .toBuffer();
}

/** The tags of a JPEG's EXIF IFD0 (0x8825: the GPS position's), read from the block itself; [] without EXIF. */
async function exifTags(jpeg: Buffer): Promise<number[]> {
  const { exif } = await sharp(jpeg).metadata();
  if (!exif) return [];
  const tiff = exif.subarray(6); // after « Exif\0\0 »
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, index) => u16(ifd + 2 + 12 * index));
}
const GPS_IFD = 0x8825;

type Upload = { filename: string; type: string; bytes: Buffer };

/** A multipart body as a browser sends a form: each field, then the file (an empty part when none is chosen). */
function multipart(fields: Record<string, string>, fileField: string, file?: Upload) {
  const boundary = '----formulaire-photo-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file?.filename ?? ''}"\r\nContent-Type: ${file?.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file?.bytes ?? Buffer.alloc(0),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The manager's own session, to post the multipart form as the browser does. */
async function photoPoster(pages: Pages) {
  await setManager(pages.db, pages.member.id, true, NOW.getTime());
  const session = await createSession(pages.db, pages.member.id, NOW.getTime());
  const cookie = `${SESSION_COOKIE}=${session.cookieValue}`;
  return (key: string, form: { alt: string; file?: Upload; csrf?: string }) => {
    const { payload, contentType } = multipart(
      { _csrf: form.csrf ?? session.csrfToken, [`${key}/alt`]: form.alt },
      `${key}/photo`,
      form.file,
    );
    return pages.app.inject({
      method: 'POST',
      url: href.sitePhoto(key),
      headers: { cookie, origin: pages.origin, 'content-type': contentType },
      payload,
    });
  };
}

/** The small checkout of the engine's tests with this repository's data, its build preceded by the real photo pipeline. */
async function siteWithPhotos(t: TestContext): Promise<TestSite> {
  const site = await testSite({ settings: { buildCommand: `${PHOTO_PIPELINE} && node build.mjs` } });
  t.after(() => site.remove());
  publishData(site.site.sourceDir, siteData);
  writeFileSync(path.join(site.site.sourceDir, photosDataFile.file), serializeData(photosData));
  site.gitIn('add', '-A');
  site.gitIn('commit', '--quiet', '-m', 'Les données du site');
  return site;
}

async function settled(pages: Pages) {
  return waitFor('the publication to end', async () => {
    const [latest] = await latestPublications(pages.db, 1);
    return latest && !latest.running ? latest : undefined;
  });
}

/** A message as the page's text reads it: its no-break spaces as spaces. */
const plain = (text: string) => text.replace(/\s+/g, ' ');
const errorOf = (response: { body: string }, field: string) =>
  plain(textOf(elementById(page(response as never), `erreur-${field.replace(/[./~]/g, '-')}`)!));
const fieldValue = (response: { body: string }, name: string) =>
  attribute(elements(page(response as never), (e) => attribute(e, 'name') === name)[0]!, 'value');

test('a photo from the phone, with its GPS position: published without any EXIF, its copies made by the pipeline and served with its text', async (t) => {
  const site = await siteWithPhotos(t);
  const pages = await pagesApp(t, NOW, {}, (db) => ({ ...site.deps, db }));
  const post = await photoPoster(pages);

  const form = await pages.get(href.sitePhotos);
  assert.equal(form.statusCode, 200);
  for (const place of photoPlaces) assert.ok(textOf(page(form)).includes(place.title), place.title);
  const input = elements(page(form), (e) => attribute(e, 'name') === `${team.key}/photo`)[0]!;
  assert.equal(attribute(input, 'type'), 'file');
  assert.equal(attribute(input, 'accept'), 'image/*');
  assert.equal(fieldValue(form, `${team.key}/alt`), photosData.team.alt);

  const original = await photoWithGps(team.minWidth + 400, 900);
  assert.ok((await exifTags(original)).includes(GPS_IFD), 'the upload carries a GPS position');
  assert.ok(original.includes('AppareilDeTest'));
  const alt = 'Notre équipe devant la camionnette, à Antibes';
  const saved = await post(team.key, { alt, file: { filename: 'IMG_0042.jpg', type: 'image/jpeg', bytes: original } });
  assert.equal(saved.statusCode, 303, saved.body.slice(0, 400));
  const after = await pages.get(saved.headers.location as string);
  assert.equal(plain(statusMessage(after) ?? ''), plain(photoUploadMessages.saved));
  const thumbnail = await pages.get(
    attribute(elements(page(after), (e) => e.name === 'img' && attribute(e, 'alt') === alt)[0]!, 'src')!,
  );
  assert.equal(thumbnail.statusCode, 200);
  assert.equal((await sharp(thumbnail.rawPayload).metadata()).format, 'jpeg');

  // « Aperçu » builds it with the copies of the new photo; the checkout is left as it was.
  assert.equal((await pages.post(href.sitePreview)).statusCode, 303);
  const preview = await settled(pages);
  assert.equal(preview.stage, 'pret', preview.error);
  const previewFolder = await previewDir({ ...site.deps, db: pages.db }, preview.id);
  assert.ok(previewFolder);
  assert.ok(readdirSync(path.join(previewFolder, 'photos')).some((name) => /^team-\d+\..*\.avif$/.test(name)));
  assert.ok(readFileSync(path.join(previewFolder, 'index.html'), 'utf8').includes(alt));
  assert.equal(site.gitIn('status', '--porcelain'), '');

  // Waiting on the index, then published.
  const index = textOf(page(await pages.get(href.site)));
  assert.ok(index.includes(`${team.title} › Photo`), index.slice(0, 600));
  assert.ok(index.includes(alt));
  assert.equal((await pages.post(href.sitePublish)).statusCode, 303);
  const done = await settled(pages);
  assert.equal(done.stage, 'en-ligne', done.error);

  // The commit holds the photo, re-encoded: no EXIF, no GPS, no camera; and its text in the data.
  const committed = execFileSync('git', ['show', 'HEAD:content/photos/team.jpg'], { cwd: site.site.sourceDir });
  assert.equal((await sharp(committed).metadata()).exif, undefined);
  assert.deepEqual(await exifTags(committed), []);
  assert.ok(!committed.includes('AppareilDeTest'));
  assert.equal((await sharp(committed).metadata()).width, team.minWidth + 400);
  assert.equal(JSON.parse(site.gitIn('show', `HEAD:${photosDataFile.file}`)).team.alt, alt);
  assert.equal(site.gitIn('log', '-1', '--format=%an'), pages.member.name);

  // The release serves the pipeline's AVIF and WebP copies, and its pages the text.
  const current = path.join(site.site.releasesDir, 'current');
  const served = readdirSync(path.join(current, 'photos'));
  assert.ok(
    served.some((name) => /^team-\d+\.[0-9a-f]{12}\.avif$/.test(name)),
    served.join(', '),
  );
  assert.ok(
    served.some((name) => /^team-\d+\.[0-9a-f]{12}\.webp$/.test(name)),
    served.join(', '),
  );
  assert.ok(readFileSync(path.join(current, 'index.html'), 'utf8').includes(alt));
  assert.doesNotMatch(textOf(page(await pages.get(href.site))), /Modifiée, à publier/);

  // A second publication that changes only the text: the photo is not encoded again.
  const again = await post(team.key, { alt: `${alt}, en 2026` });
  assert.equal(again.statusCode, 303, again.body.slice(0, 400));
  assert.equal((await pages.post(href.sitePublish)).statusCode, 303);
  const second = await settled(pages);
  assert.equal(second.stage, 'en-ligne', second.error);
  assert.match(readFileSync(logFileOf(site.site, second.id), 'utf8'), /photos: team from .*\(0 copies encoded/);

  // « Revenir à la version précédente »: the first text online again, in the checkout and on the page.
  assert.equal((await pages.post(href.siteRollback)).statusCode, 303);
  assert.equal(JSON.parse(site.gitIn('show', `HEAD:${photosDataFile.file}`)).team.alt, alt);
  assert.ok(readFileSync(path.join(current, 'index.html'), 'utf8').includes(`"${alt}"`));
  assert.equal(fieldValue(await pages.get(href.sitePhotos), `${team.key}/alt`), alt);
  assert.doesNotMatch(textOf(page(await pages.get(href.site))), /Modifiée, à publier/);
});

test('a text file named .jpg, a file too large, a photo too small, a missing text: refused in French beside the field, nothing saved', async (t) => {
  const site = await siteWithPhotos(t);
  const pages = await pagesApp(t, NOW, {}, (db) => ({ ...site.deps, db }));
  const post = await photoPoster(pages);
  const alt = 'Nos bureaux à Antibes';

  const text = await post(team.key, {
    alt,
    file: { filename: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('Ceci n’est pas une photo.\n'.repeat(50)) },
  });
  assert.equal(text.statusCode, 422);
  assert.equal(errorOf(text, `${team.key}/photo`), plain(photoUploadMessages.notAnImage));
  assert.equal(fieldValue(text, `${team.key}/alt`), alt, 'the text typed is kept');

  // Past the limit: the message says it, in French.
  const large = Buffer.concat([await photoWithGps(team.minWidth, 600), Buffer.alloc(PHOTO_MAX_BYTES, 0x20)]);
  const tooLarge = await post(team.key, { alt, file: { filename: 'grande.jpg', type: 'image/jpeg', bytes: large } });
  assert.equal(tooLarge.statusCode, 413);
  assert.equal(errorOf(tooLarge, `${team.key}/photo`), plain(photoUploadMessages.tooLarge));
  assert.match(photoUploadMessages.tooLarge, /15\s?Mo/);

  const small = await post(hero.key, {
    alt,
    file: { filename: 'petite.jpg', type: 'image/jpeg', bytes: await photoWithGps(hero.minWidth - 1, 500) },
  });
  assert.equal(small.statusCode, 422);
  assert.equal(
    errorOf(small, `${hero.key}/photo`),
    plain(photoUploadMessages.tooSmall(hero.minWidth - 1, 500, hero.minWidth)),
  );

  // The photo without its text: refused, and the message asks for the photo again.
  const noText = await post(team.key, {
    alt: '  ',
    file: { filename: 'IMG.jpg', type: 'image/jpeg', bytes: await photoWithGps(team.minWidth, 600) },
  });
  assert.equal(noText.statusCode, 422);
  assert.equal(errorOf(noText, `${team.key}/alt`), plain(photoUploadMessages.altMissing));
  assert.match(photoUploadMessages.altMissing, /choisissez-la de nouveau/);

  // Nothing of these waits to be published.
  assert.doesNotMatch(textOf(page(await pages.get(href.site))), /Modifiée, à publier/);
  assert.equal((await pages.get(href.sitePhotoThumbnail(team.key))).statusCode, 404);
});

test('the photo form without the session’s token is refused as forged; a plain member gets 403', async (t) => {
  const site = await siteWithPhotos(t);
  const pages = await pagesApp(t, NOW, {}, (db) => ({ ...site.deps, db }));
  const post = await photoPoster(pages);
  const bytes = await photoWithGps(team.minWidth, 600);
  const forged = await post(team.key, {
    alt: 'Texte',
    csrf: 'faux',
    file: { filename: 'a.jpg', type: 'image/jpeg', bytes },
  });
  assert.equal(forged.statusCode, 403);
  assert.match(forged.body, /le formulaire a expiré/);
  await setManager(pages.db, pages.member.id, false, NOW.getTime());
  assert.equal((await pages.get(href.sitePhotos)).statusCode, 403);
  const member = await post(team.key, { alt: 'Texte', file: { filename: 'a.jpg', type: 'image/jpeg', bytes } });
  assert.equal(member.statusCode, 403);
  assert.doesNotMatch(textOf(page(await pages.get(href.list))), /Texte/);
});
