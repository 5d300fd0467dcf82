import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { TSchema } from '@sinclair/typebox';
import { photosData, photosDataFile, siteData, siteDataPages, type SiteData } from '@/content/data/registry';
import { photos } from '@/content/images';
import { Coordonnees, MiseEnLigne, Services } from '@/content/data/schemas';
import { priceListLines } from '@/content/devis';
import { placeholders, placeholdersOf } from '@/content/placeholders';
import { rates, ratesOf } from '@/content/pricing';
import { services, servicesOf } from '@/content/services';
import { site, siteOf } from '@/content/site';
import { CHARACTER_MESSAGES, checkData, fieldTitle, serializeData } from '@/lib/data-check';
import { Accueil } from '@/content/data/schemas';
import { passesLuhn } from '@/lib/identifiers';
import { typeset } from '@/lib/typography';

const ROOT = join(__dirname, '..');
/** Messages carry no-break spaces (typeset): compared with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const copy = <T>(value: T): T => structuredClone(value);
/** The faults of a value as [path, message] pairs, messages in plain spaces. */
const faults = (schema: TSchema, value: unknown) =>
  checkData(schema, value).map((problem) => [problem.path, plain(problem.message)]);
/** The schema's own message for a pattern, as checkData writes it. */
const expected = (message: unknown) => plain(typeset(String(message)));

/** Every sub-schema of a schema, with its JSON pointer ('/openingHours/*' for a list's items). */
function* walk(schema: TSchema, path = ''): Generator<[string, TSchema]> {
  yield [path, schema];
  if (schema.type === 'object') {
    for (const [key, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
      yield* walk(property, `${path}/${key}`);
    }
  }
  if (schema.type === 'array') yield* walk(schema.items as TSchema, `${path}/*`);
}

describe('the data files', () => {
  test('each passes its schema, and is written in the one canonical format', () => {
    for (const page of siteDataPages) {
      const text = readFileSync(join(ROOT, page.file), 'utf8');
      const value: unknown = JSON.parse(text);
      assert.deepEqual(checkData(page.schema, value), [], page.file);
      assert.equal(text, serializeData(value), `${page.file} is not in the format of serializeData`);
      assert.deepEqual(value, siteData[page.id], `${page.file} is the data the site reads`);
    }
  });

  test('every field has a French label, every pattern its French message, every input a known kind', () => {
    const inputs = ['tel', 'email', 'url', 'date', 'time', 'textarea', 'number'];
    for (const page of siteDataPages) {
      for (const [path, schema] of walk(page.schema)) {
        assert.equal(typeof schema.title, 'string', `${page.id}${path} has no title`);
        if (schema.pattern !== undefined || schema.format !== undefined) {
          assert.equal(typeof schema.errorMessage, 'string', `${page.id}${path} has no errorMessage`);
        }
        if (schema.input !== undefined) assert.ok(inputs.includes(schema.input), `${page.id}${path}: ${schema.input}`);
      }
    }
    assert.equal(Coordonnees.properties.phone.title, 'Téléphone');
  });

  test('serializeData writes two spaces of indent and a final line break, and reads back the same value', () => {
    assert.equal(
      serializeData({ a: [1, { b: 'é' }], c: [] }),
      '{\n  "a": [\n    1,\n    {\n      "b": "é"\n    }\n  ],\n  "c": []\n}\n',
    );
    for (const page of siteDataPages) assert.deepEqual(JSON.parse(serializeData(siteData[page.id])), siteData[page.id]);
  });
});

describe('the French check', () => {
  const { properties: contact } = Coordonnees;

  test('a phone number that is not one gets the schema’s message, at its field', () => {
    const data = copy(siteData.coordonnees);
    data.phone = '04 93 12';
    assert.deepEqual(faults(Coordonnees, data), [['/phone', expected(contact.phone.errorMessage)]]);
    data.phone = '04 93 12 34 56';
    assert.deepEqual(faults(Coordonnees, data), []);
  });

  test('an empty or a missing required field is « Ce champ est obligatoire »', () => {
    const data: Record<string, unknown> = copy(siteData.coordonnees);
    data.email = '';
    delete data.privacyEmail;
    assert.deepEqual(faults(Coordonnees, data), [
      ['/privacyEmail', 'Ce champ est obligatoire'],
      ['/email', 'Ce champ est obligatoire'],
    ]);
  });

  test('a text too long says how long it may be, from the schema’s limit', () => {
    const data = copy(siteData.services);
    const limit = Services.properties.services.properties.maintenance.properties.title.maxLength;
    assert.ok(limit !== undefined);
    data.services.maintenance.title = 'x'.repeat(limit + 1);
    assert.deepEqual(faults(Services, data), [['/services/maintenance/title', `${limit} caractères au plus`]]);
    data.services.maintenance.title = 'x'.repeat(limit);
    assert.deepEqual(faults(Services, data), []);
  });

  test('a day that does not exist, or an hour out of the day, gets the schema’s message in a list', () => {
    const data = copy(siteData.coordonnees);
    const closure = contact.closures.items.properties;
    data.closures = [{ from: '2026-02-30', to: '10/08/2026', message: 'Fermeture estivale' }];
    const day = data.openingHours[2];
    assert.ok(day);
    day.opens = '25:00';
    assert.deepEqual(faults(Coordonnees, data), [
      ['/openingHours/2/opens', expected(contact.openingHours.items.properties.opens.errorMessage)],
      ['/closures/0/from', expected(closure.from.errorMessage)],
      ['/closures/0/to', expected(closure.to.errorMessage)],
    ]);
    data.closures = [{ from: '2028-02-29', to: '2028-03-01', message: 'Fermeture' }];
    day.opens = '08:30';
    assert.deepEqual(faults(Coordonnees, data), []);
  });

  test('a closure that ends before it starts, or a day that closes before it opens, is refused at the second field', () => {
    const data = copy(siteData.coordonnees);
    data.closures = [{ from: '2026-08-21', to: '2026-08-10', message: 'Fermeture estivale' }];
    const monday = data.openingHours[0];
    assert.ok(monday);
    monday.closes = monday.opens;
    assert.deepEqual(faults(Coordonnees, data), [
      ['/openingHours/0/closes', expected(contact.openingHours.items.ordered.errorMessage)],
      ['/closures/0/to', expected(contact.closures.items.ordered.errorMessage)],
    ]);
    data.closures = [{ from: '2026-08-10', to: '2026-08-10', message: 'Fermé le 10 août' }];
    monday.closes = '18:00';
    assert.deepEqual(faults(Coordonnees, data), []);
  });

  test('a SIREN must pass the Luhn check; a number below its minimum and an unknown key are refused', () => {
    const data: Record<string, unknown> = copy(siteData['mise-en-ligne']);
    assert.equal(passesLuhn('812 345 677'), false);
    data.siren = '812 345 677';
    data.capital = 0;
    data.sirne = '552 100 554';
    assert.deepEqual(faults(MiseEnLigne, data), [
      ['/sirne', 'Ce champ n’est pas prévu'],
      ['/capital', `${MiseEnLigne.properties.capital.minimum} au moins`],
      ['/siren', expected(MiseEnLigne.properties.siren.errorMessage)],
    ]);
  });

  test('a line break in a one-line text is refused, and the field is named by its label', () => {
    const data = copy(siteData.coordonnees);
    data.address.street = '18 chemin\nde Saint-Claude';
    assert.deepEqual(faults(Coordonnees, data), [
      ['/address/street', expected(contact.address.properties.street.errorMessage)],
    ]);
    assert.equal(fieldTitle(Coordonnees, '/address/street'), 'Rue');
    assert.equal(fieldTitle(Coordonnees, '/openingHours/2/opens'), 'Ouverture');
  });
});

describe('the characters of the owner’s texts (lib/text-characters.ts)', () => {
  const accueil = siteData.accueil;
  const coordonnees = siteData.coordonnees;

  test('a direction control or an invisible character is refused where it is, with the rule’s message', () => {
    // The schemas' patterns refuse control characters and line breaks; the rule adds the format characters.
    const withBidi = { ...accueil, hero: { ...accueil.hero, title: `Dépannage\u202e 24 h` } };
    assert.deepEqual(checkData(Accueil, withBidi), [
      { path: '/hero/title', message: typeset(CHARACTER_MESSAGES.control) },
    ]);
    const withZeroWidth = { ...coordonnees, address: { ...coordonnees.address, city: 'Anti\u200bbes' } };
    assert.deepEqual(checkData(Coordonnees, withZeroWidth), [
      { path: '/address/city', message: typeset(CHARACTER_MESSAGES.control) },
    ]);
    const lead = { ...accueil, hero: { ...accueil.hero, lead: `${accueil.hero.lead}\u2066` } };
    assert.deepEqual(checkData(Accueil, lead), [{ path: '/hero/lead', message: typeset(CHARACTER_MESSAGES.control) }]);
  });
});

describe('the build refuses invalid data', () => {
  const root = mkdtempSync(join(tmpdir(), 'check-data-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  cpSync(join(ROOT, 'content', 'data'), join(root, 'content', 'data'), { recursive: true });
  const run = () =>
    spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'check-data.ts'), '--root', root], {
      cwd: ROOT,
      encoding: 'utf8',
    });

  test('a valid copy passes; an invalid phone stops it with the file, the field and the French message', () => {
    assert.equal(run().status, 0);
    const file = join(root, 'content', 'data', 'coordonnees.json');
    writeFileSync(file, serializeData({ ...siteData.coordonnees, phone: '12 34' }));
    const result = run();
    assert.equal(result.status, 1);
    assert.match(plain(result.stderr), /content\/data\/coordonnees\.json, « Téléphone » \(\/phone\) : /);
    assert.ok(plain(result.stderr).includes(expected(Coordonnees.properties.phone.errorMessage)), result.stderr);
    writeFileSync(file, '{ "phone": ');
    const broken = run();
    assert.equal(broken.status, 1);
    assert.match(broken.stderr, /content\/data\/coordonnees\.json : ce n’est pas du JSON valide/);
  });
});

describe('the site derives from the data', () => {
  const edited = (change: (data: SiteData) => void): SiteData => {
    const data = copy(siteData);
    change(data);
    return data;
  };

  test('the committed data gives the site’s constants', () => {
    assert.deepEqual(siteOf(siteData), site);
    assert.deepEqual(ratesOf(siteData), rates);
    assert.deepEqual(servicesOf(siteData), services);
    assert.deepEqual(placeholdersOf(siteData), placeholders);
  });

  test('the go-live list shrinks when the owner fills a value, and the identifiers follow the SIREN', () => {
    const filled = edited((data) => {
      data['mise-en-ligne'].siren = '552 100 554';
    });
    const before = placeholders.filter((item) => item.pending);
    const after = placeholdersOf(filled).filter((item) => item.pending);
    const siren = (list: typeof placeholders) => list.find((item) => item.fields.includes('/siren'));
    assert.equal(siren(before)?.pending, true);
    assert.equal(siren(after), undefined);
    assert.equal(after.length, before.length - 1);
    assert.equal(plain(siteOf(filled).siret), `552 100 554 ${siteData['mise-en-ligne'].nic}`);
    const answered = edited((data) => {
      data['mise-en-ligne'].accessibilityAuditOrdered = true;
    });
    assert.equal(placeholdersOf(answered).filter((item) => item.pending).length, before.length - 1);
  });

  test('hours entered day by day are written as ranges; a closure is exposed as entered', () => {
    const data = edited((data) => {
      const wednesday = data.coordonnees.openingHours.find((day) => day.day === 'mercredi');
      assert.ok(wednesday);
      wednesday.open = false;
      wednesday.note = '';
      data.coordonnees.closures = [{ from: '2026-08-10', to: '2026-08-21', message: 'Fermeture estivale' }];
    });
    const company = siteOf(data);
    assert.deepEqual(company.openingHours, [
      { from: 'lundi', to: 'mardi', opens: '09:00', closes: '18:00' },
      { from: 'mercredi', note: 'Fermé' },
      { from: 'jeudi', to: 'vendredi', opens: '09:00', closes: '18:00' },
      { from: 'samedi', note: 'Sur rendez-vous' },
      { from: 'dimanche', note: 'Fermé' },
    ]);
    assert.deepEqual(company.closures, [{ from: '2026-08-10', to: '2026-08-21', message: 'Fermeture estivale' }]);
  });

  test('a new price reaches the devis’s price list through the data given, the committed one unchanged', () => {
    const data = edited((data) => {
      data.services.hourlyEuros = 62;
      data.services.services.conseil.priceFrom = 130;
    });
    const line = (lines: ReturnType<typeof priceListLines>, id: string) =>
      lines.find((item) => item.id === id)?.unitPriceHtEuros;
    assert.equal(line(priceListLines(data), 'hourly'), 62);
    assert.equal(line(priceListLines(data), 'service:conseil'), 130);
    assert.equal(line(priceListLines(), 'hourly'), siteData.services.hourlyEuros);
    assert.equal(line(priceListLines(), 'service:conseil'), siteData.services.services.conseil.priceFrom);
  });
});

describe('the photos’ alternative texts (content/data/photos.json, « Photos » in the inbox)', () => {
  test('the committed file passes its schema, and names every photo a page shows, each with its text', () => {
    const committed = JSON.parse(readFileSync(join(ROOT, photosDataFile.file), 'utf8'));
    assert.deepEqual(faults(photosDataFile.schema, committed), []);
    const shown = Object.values(photos)
      .filter((photo) => photo.uses.length > 0)
      .map((photo) => photo.key);
    assert.deepEqual(Object.keys(photosDataFile.schema.properties).sort(), [...shown].sort());
    for (const key of shown) {
      assert.equal(photos[key as keyof typeof photos].alt, committed[key].alt, key);
      assert.equal(photosData[key as keyof typeof photosData].alt, committed[key].alt, key);
    }
  });

  test('a missing or empty text is refused', () => {
    const empty = copy(photosData);
    empty.team.alt = '';
    assert.deepEqual(
      faults(photosDataFile.schema, empty).map(([path]) => path),
      ['/team/alt'],
    );
    const missing: Partial<typeof photosData> = copy(photosData);
    delete missing.team;
    assert.equal(faults(photosDataFile.schema, missing).length, 1);
  });
});
