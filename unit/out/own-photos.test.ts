import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import { ENDPOINT_BUILD_DIR } from '../../playwright.config';
import { photos, stockPhotoHost } from '@/content/images';
import { paths } from '@/content/navigation';
import { OWN_PHOTOS_PATH, PHOTO_CDN } from '@/lib/photo';
import { pagePolicies, renderHeadersFile } from '../../deploy/render';
import { budgetFailures, htmlFileFor, listPages, measureRoute, readFloor } from '../../scripts/budget';
import { attribute, elements, parseHtml, textOf, type HtmlElement } from '../../scripts/html';
import { SAMPLE_PHOTOS_DIR, samplePhotoFiles } from '../../scripts/sample-photos';

/**
 * The build made with the company's own photos (sample originals for every key, scripts/test-builds.sh):
 * build/out-endpoint/. Nothing of it may come from, or name, the stock-photo host.
 */
const ROOT = join(__dirname, '..', '..', ENDPOINT_BUILD_DIR);
const ORIGINALS = join(__dirname, '..', '..', SAMPLE_PHOTOS_DIR);
if (!existsSync(join(ROOT, 'index.html')))
  throw new Error(`${ENDPOINT_BUILD_DIR}/ is missing: npm test (scripts/test-builds.sh) builds it`);

const pages = listPages(ROOT);
const htmlOf = (route: string) => readFileSync(htmlFileFor(ROOT, route), 'utf8');
const imagesOf = (route: string) => elements(parseHtml(htmlOf(route)), (element) => element.name === 'img');
const keyOf = (img: HtmlElement) => {
  const entry = Object.values(photos).find((photo) => photo.alt === attribute(img, 'alt'));
  assert.ok(entry, `a photo of content/images.ts: ${attribute(img, 'alt')}`);
  return entry.key as keyof typeof samplePhotoFiles;
};
const candidates = (srcset: string | undefined) =>
  (srcset ?? '').split(',').map((candidate) => {
    const [url = '', descriptor = ''] = candidate.trim().split(/\s+/);
    return { url, width: Number(descriptor.replace(/w$/, '')) };
  });

describe('a build with the company’s own photos', () => {
  test('every photo is served by the site itself: no page names the stock-photo CDN, none preconnects to it', () => {
    let seen = 0;
    for (const route of pages) {
      const html = htmlOf(route);
      assert.ok(!html.includes(new URL(PHOTO_CDN).host), `${route} names ${PHOTO_CDN}`);
      const document = parseHtml(html);
      assert.deepEqual(
        elements(document, (element) => element.name === 'link' && attribute(element, 'rel') === 'preconnect'),
        [],
        `${route}: no preconnect`,
      );
      for (const element of elements(document, (e) => e.name === 'img' || e.name === 'source')) {
        const urls = [attribute(element, 'src'), ...candidates(attribute(element, 'srcset')).map((c) => c.url)];
        for (const url of urls.filter((u): u is string => !!u)) {
          assert.ok(url.startsWith(OWN_PHOTOS_PATH), `${route}: ${url}`);
          assert.ok(existsSync(join(ROOT, url)), `${route}: ${url} is in the build`);
          seen += 1;
        }
      }
    }
    assert.ok(seen > 0);
  });

  test('the privacy policy names no photo host and no transfer for the photos', () => {
    const policy = textOf(parseHtml(htmlOf(paths.privacy)));
    for (const name of [stockPhotoHost.provider, stockPhotoHost.company, stockPhotoHost.host, stockPhotoHost.country])
      assert.ok(!policy.includes(name), `« ${name} » in the policy`);
  });

  test('the legal notice names no photo host either, only photos used with their author’s consent or licence', () => {
    const notice = textOf(parseHtml(htmlOf(paths.legalNotice)));
    assert.ok(!notice.includes(stockPhotoHost.provider), `« ${stockPhotoHost.provider} » in the legal notice`);
    assert.ok(notice.includes('utilisée avec l’accord de son auteur ou conformément à sa licence'));
  });

  test('the security headers allow images from the site only', () => {
    for (const page of pagePolicies(ROOT, { quoteEndpoint: null, analyticsScript: null })) {
      const imgSrc = page.csp.split(';').find((directive) => directive.trim().startsWith('img-src'));
      assert.equal(imgSrc?.trim(), "img-src 'self' data:", page.route);
    }
    assert.ok(!renderHeadersFile(ROOT, { quoteEndpoint: null, analyticsScript: null }).includes(PHOTO_CDN));
  });

  test('the hero offers AVIF first, then WebP, copies no wider than the original', async () => {
    const [hero] = imagesOf('/');
    assert.ok(hero && keyOf(hero) === 'hero');
    const picture = hero.parent as HtmlElement;
    assert.equal(picture.name, 'picture');
    const [first] = picture.children.filter((child): child is HtmlElement => child.type === 'tag');
    assert.equal(first?.name, 'source');
    assert.equal(attribute(first!, 'type'), 'image/avif');
    const original = samplePhotoFiles.hero;
    for (const { url, width } of candidates(attribute(first!, 'srcset'))) {
      assert.ok(width <= original.width, `${url}: ${width}w`);
      const meta = await sharp(join(ROOT, url)).metadata();
      assert.equal(meta.format, 'heif', url);
      assert.equal(meta.width, width, url);
    }
    assert.match(attribute(hero, 'src') ?? '', /\.webp$/);
  });

  test('each photo has the width and height of its original, read from the file', async () => {
    for (const route of pages) {
      for (const img of imagesOf(route)) {
        const key = keyOf(img);
        const file = join(ORIGINALS, `${key}.${samplePhotoFiles[key].ext}`);
        const { width, height } = await sharp(file).metadata();
        assert.equal(attribute(img, 'width'), String(width), `${route} ${key}`);
        assert.equal(attribute(img, 'height'), String(height), `${route} ${key}`);
      }
    }
  });

  test('every page keeps its byte budgets', () => {
    const floor = readFloor();
    for (const route of pages) assert.deepEqual(budgetFailures(measureRoute(ROOT, route), floor.jsGzipBytes), []);
  });
});
