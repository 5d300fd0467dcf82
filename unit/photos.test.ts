import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import sharp from 'sharp';
import { photos, stockPhotoHost } from '@/content/images';
import { photoLayouts } from '@/lib/photo-layouts';
import { photoWidths } from '@/lib/photo-widths';
import { goLiveProblems, goLiveQuestions } from '../deploy/render';
import { avifEffort, preparePhotos, uprightSize } from '../scripts/photos';
import { samplePhoto } from '../scripts/sample-photos';

/** The photo pipeline (scripts/photos.ts) on small originals in a temporary folder. */
const root = mkdtempSync(join(tmpdir(), 'photos-test-'));
after(() => rmSync(root, { recursive: true, force: true }));

const folders = () => {
  const dir = mkdtempSync(join(root, 'run-'));
  for (const name of ['originals', 'public', 'cache']) mkdirSync(join(dir, name));
  return {
    dir: join(dir, 'originals'),
    publicDir: join(dir, 'public'),
    cacheDir: join(dir, 'cache'),
    manifestFile: join(dir, 'manifest.json'),
  };
};

describe('the photo pipeline', () => {
  test('an original becomes AVIF and WebP copies at the widths its uses need, sized from the file, cached for the next build', async () => {
    const options = folders();
    await (await samplePhoto(1000, 750)).png().toFile(join(options.dir, 'team.png'));

    const first = await preparePhotos(options);
    const team = first.manifest.photos.team;
    assert.ok(team, 'team prepared');
    assert.deepEqual(Object.keys(first.manifest.photos), ['team'], 'only the key with an original');
    assert.equal(team.width, 1000);
    assert.equal(team.height, 750);
    assert.deepEqual(Object.keys(team.layouts), [...photos.team.uses]);
    for (const use of photos.team.uses) {
      const expected = photoWidths(photoLayouts[use].sizes, { originalWidth: 1000 });
      for (const [format, copies] of Object.entries(team.layouts[use]!)) {
        assert.deepEqual(
          copies.map((copy) => copy.width),
          expected,
        );
        for (const copy of copies) {
          const file = join(options.publicDir, copy.src.replace('/photos/', ''));
          const bytes = readFileSync(file);
          const meta = await sharp(bytes).metadata();
          assert.equal(meta.width, copy.width, copy.src);
          assert.equal(meta.format, format === 'avif' ? 'heif' : 'webp', copy.src);
          // Named after its content.
          assert.ok(copy.src.includes(createHash('sha256').update(bytes).digest('hex').slice(0, 12)), copy.src);
        }
      }
    }
    assert.ok(first.encoded > 0);

    const second = await preparePhotos(options);
    assert.equal(second.encoded, 0, 'an unchanged original is not encoded again');
    assert.deepEqual(second.manifest, first.manifest);

    // A new original: new copies, new names, the old files no longer served.
    const before = readdirSync(options.publicDir).sort();
    await (await samplePhoto(1000, 750, { seed: 99 })).png().toFile(join(options.dir, 'team.png'));
    const third = await preparePhotos(options);
    assert.ok(third.encoded > 0);
    const after = readdirSync(options.publicDir).sort();
    assert.equal(after.length, before.length);
    assert.ok(
      after.every((name) => !before.includes(name)),
      'every name changed',
    );
  });

  test('PHOTOS_AVIF_EFFORT: the same copies encoded quicker, cached apart from those of the default effort', async () => {
    assert.equal(avifEffort({}), undefined);
    assert.equal(avifEffort({ PHOTOS_AVIF_EFFORT: ' 0 ' }), 0);
    for (const wrong of ['10', '-1', 'vite', '1.5']) {
      assert.throws(() => avifEffort({ PHOTOS_AVIF_EFFORT: wrong }), /PHOTOS_AVIF_EFFORT/, wrong);
    }

    const options = folders();
    await (await samplePhoto(800, 600)).png().toFile(join(options.dir, 'office.png'));
    const quick = await preparePhotos({ ...options, effort: 0 });
    const usual = await preparePhotos(options);
    assert.equal(usual.encoded, quick.encoded / 2, 'the WebP copies are shared, the AVIF ones encoded again');
    for (const use of photos.office.uses) {
      const [quickCopies, usualCopies] = [quick, usual].map((run) => run.manifest.photos.office!.layouts[use]!);
      assert.deepEqual(quickCopies!.webp, usualCopies!.webp);
      assert.deepEqual(
        quickCopies!.avif.map((copy) => copy.width),
        usualCopies!.avif.map((copy) => copy.width),
      );
      for (const [index, copy] of quickCopies!.avif.entries()) {
        assert.notEqual(copy.src, usualCopies!.avif[index]!.src, 'another encoding, another file');
      }
    }
  });

  test('a photo taken sideways (EXIF orientation) is measured upright', async () => {
    const file = join(root, 'sideways.jpg');
    await (await samplePhoto(600, 400)).jpeg().withMetadata({ orientation: 6 }).toFile(file);
    assert.deepEqual(await uprightSize(file), { width: 400, height: 600 });
  });

  test('a checkout whose cache is hard-linked to another’s (cp -al node_modules) writes its own manifest, not the other’s', async () => {
    const first = folders();
    await (await samplePhoto(400, 300)).png().toFile(join(first.dir, 'team.png'));
    await preparePhotos(first);
    const firstManifest = readFileSync(first.manifestFile, 'utf8');
    // The second checkout's manifest is the first's file under another name, as after `cp -al`.
    const second = { ...folders(), cacheDir: first.cacheDir };
    linkSync(first.manifestFile, second.manifestFile);
    await (await samplePhoto(400, 300)).png().toFile(join(second.dir, 'team.png'));

    const { manifest } = await preparePhotos(second);
    assert.equal(manifest.photos.team?.original, join(second.dir, 'team.png'));
    assert.equal(
      JSON.parse(readFileSync(second.manifestFile, 'utf8')).photos.team.original,
      join(second.dir, 'team.png'),
    );
    assert.equal(readFileSync(first.manifestFile, 'utf8'), firstManifest, 'the first checkout’s manifest is untouched');
    assert.deepEqual(
      readdirSync(join(second.manifestFile, '..')).filter((name) => name.endsWith('.partial')),
      [],
      'no temporary file left',
    );
  });

  test('two originals for one key are refused', async () => {
    const options = folders();
    await (await samplePhoto(400, 300)).jpeg().toFile(join(options.dir, 'office.jpg'));
    await (await samplePhoto(400, 300)).png().toFile(join(options.dir, 'office.png'));
    await assert.rejects(preparePhotos(options), /office/);
  });
});

describe('the go-live check of the photos', () => {
  test('photos still served by the stock-photo CDN refuse the go-live, each named with the file to drop in content/photos/', () => {
    const problems = goLiveProblems({ placeholders: [], quoteEndpoint: '/api/devis', stockPhotos: ['hero', 'team'] });
    assert.equal(problems.length, 1);
    const [line = ''] = problems;
    assert.match(line, /^Photos : hero, team sont servies par /);
    assert.ok(line.includes(stockPhotoHost.provider));
    assert.ok(line.includes('content/photos/'));
    assert.ok(line.includes('(hero.jpg, team.jpg)'));
    // The owner's own photo, or a stock photo under its licence: either way the site serves it.
    assert.match(line, /photo de l’entreprise, ou une photo de banque d’images .* selon sa licence/);
    assert.ok(line.endsWith('(docs/photos.md).'));
  });

  test('no refusal once every photo shown is in content/photos/', () => {
    assert.deepEqual(goLiveProblems({ placeholders: [], quoteEndpoint: '/api/devis', stockPhotos: [] }), []);
  });

  test('once the check passes, it asks whether the photos may be published', () => {
    const [question, ...more] = goLiveQuestions();
    assert.deepEqual(more, []);
    assert.match(question ?? '', /avez-vous le droit de publier chacune/);
    assert.match(question ?? '', /textes de remplacement/);
    assert.ok(!question?.includes(stockPhotoHost.provider));
  });
});
