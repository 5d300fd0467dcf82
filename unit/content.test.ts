import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { responsePromise } from '@/content/commitments';
import { about } from '@/content/about';
import { contact } from '@/content/contact';
import { reviewsData } from '@/content/data/values';
import { home, satisfactionClaim } from '@/content/home';
import { photos } from '@/content/images';
import { companyChoices, decennial, partsSentence, terms } from '@/content/legal-facts';
import { placeholders } from '@/content/placeholders';
import { exclTax, inclTax, minimumCharge, priceList, startingPrice, vat } from '@/content/pricing';
import { quoteForm } from '@/content/quote';
import { reviewTexts } from '@/content/reviews';
import { services } from '@/content/services';
import { forService } from '@/content/services-page';
import { site } from '@/content/site';
import { localBusinessJsonLd } from '@/components/seo/local-business';
import { formatPrice, withVat } from '@/lib/format';
import { contentStrings } from './content-strings';

const strings = contentStrings();
/** The strings that break a rule, named by where they are. */
const offending = (test: (text: string) => boolean) =>
  strings.filter(({ text }) => test(text)).map(({ where, text }) => `${where}: ${text}`);
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('wording of every content text', () => {
  test('the décennale is always scoped to works constituting an "ouvrage"', () => {
    assert.ok(
      strings.some(({ text }) => /décennal/i.test(text)),
      'the décennale is mentioned somewhere',
    );
    // Every sentence that speaks of it; a label ("Garantie décennale") heads a sentence that does.
    const scoped = (text: string) => plain(text).includes(plain(decennial.works));
    const label = (text: string) => text.split(/\s+/).length <= 3;
    assert.deepEqual(
      offending((text) => /décennal/i.test(text) && !scoped(text) && !label(text)).filter(
        (item) => !item.startsWith('placeholders.'),
      ),
      [],
    );
  });

  test('one response promise: a call back within one working day, then the date of the quote', () => {
    // 24 hours of working days: one working day (« 24 h ouvrées » would read as three).
    assert.equal(site.quote.responseHours, 24);
    assert.equal(plain(responsePromise.delay), 'sous un jour ouvré');
    assert.match(
      plain(responsePromise.sentence),
      /^Nous vous rappelons sous un jour ouvré .*demande complète.*devis\.$/u,
    );
    assert.deepEqual(
      offending((text) => /\d\s?h(?:eures)? ouvrées|(?:sous|dans les)\s\d+\s?(?:h|heures)\b/u.test(plain(text))),
      [],
    );
    assert.ok(plain(quoteForm.success.text).startsWith(`Merci ! ${plain(responsePromise.sentence)}`));
  });

  test('the success screen promises a confirmation e-mail only in the text made for it', () => {
    assert.doesNotMatch(quoteForm.success.text, /confirmation/);
    assert.match(quoteForm.success.textWithConfirmation, /e-mail de confirmation/);
    assert.ok(plain(quoteForm.success.textWithConfirmation).startsWith(`Merci ! ${plain(responsePromise.sentence)}`));
  });

  test('one citation style for the codes: « L. 221-18 », never « L221-18 »', () => {
    assert.deepEqual(
      offending((text) => /(?<![\p{L}.])[LRD]\d{2,4}-\d/u.test(text)),
      [],
    );
  });

  test('no superlative or unproven claim', () => {
    assert.deepEqual(
      offending((text) =>
        /référence locale|entreprise familiale|\bleader\b|numéro 1|\bn°\s?1\b|le meilleur|la meilleure|chacun de ses clients/i.test(
          text,
        ),
      ),
      [],
    );
  });

  test('audience measurement needs consent: it is never called anonymous statistics', () => {
    assert.deepEqual(
      offending((text) => /statistiques[^.]*anonymes/i.test(text)),
      [],
    );
  });

  test('figures the French way: no "20+" nor "500+"', () => {
    assert.deepEqual(
      offending((text) => /\d\+/.test(text)),
      [],
    );
  });

  test('agreement: "aucuns frais", "Pièce jointe (facultative)"', () => {
    assert.deepEqual(
      offending((text) => /\baucun frais\b/i.test(text)),
      [],
    );
    assert.equal(quoteForm.file.label, 'Pièce jointe (facultative)');
  });

  test('no dangling participle: "Fondée …, notre équipe"', () => {
    assert.deepEqual(
      offending((text) => /\bFondée?s?\b[^.]*,\s+notre équipe/.test(text)),
      [],
    );
  });

  test('no sentence starts with a figure in the about page team text', () => {
    assert.deepEqual(
      offending((text) => /(?:^|[.!?]\s)\d+ professionnels/.test(text)),
      [],
    );
  });

  test('an ellipsis, not three dots, except the sending label the specification imposes', () => {
    assert.equal(quoteForm.sending, 'Envoi en cours...');
    assert.deepEqual(
      offending((text) => text.includes('...') && text !== quoteForm.sending),
      [],
    );
  });

  test('stock photos are described for what they show, never as the company’s team or offices', () => {
    for (const photo of Object.values(photos)) {
      assert.doesNotMatch(photo.alt, /\b(?:notre|nos|l’équipe|de l’entreprise|nos locaux)\b/i, photo.alt);
    }
  });
});

describe('prices', () => {
  test('each starting price reads including tax first, as /services shows it, then excluding tax, at the standard rate', () => {
    for (const service of services) {
      const ttc = withVat(service.priceFrom, vat.standardRate);
      assert.equal(
        plain(startingPrice(service)),
        plain(
          `${formatPrice(ttc)} TTC${service.per ? ` par ${service.per}` : ''} (${formatPrice(service.priceFrom)} HT)`,
        ),
      );
    }
    assert.equal(plain(exclTax(150)), '150 € HT');
    assert.equal(plain(inclTax(150)), '180 € TTC');
  });

  test('the price list gives the hourly rate, travel costs beyond the included distance, and the free quote', () => {
    const labels = priceList.rows.map((row) => plain(row.label));
    assert.ok(labels.some((label) => /taux horaire/.test(label)));
    assert.ok(labels.some((label) => label.includes(`au-delà de ${terms.travelIncludedKm} km`)));
    assert.ok(labels.some((label) => label.includes(`jusqu’à ${terms.travelIncludedKm} km`)));
    assert.equal(priceList.rows.find((row) => row.label === 'Devis')?.text, 'Gratuit');
    assert.match(plain(priceList.notes.join(' ')), /taux réduit de 10 % \(5,5 %/);
  });

  test('the price list says what a starting price covers beside the hourly rate, and that the quote is free, travel included', () => {
    const notes = plain(priceList.notes.join(' '));
    assert.ok(
      notes.includes(`est le minimum facturé : il comprend le déplacement jusqu’à ${terms.travelIncludedKm} km`),
    );
    assert.match(
      notes,
      minimumCharge.hoursOnSite === 1
        ? /la première heure de travail sur place/
        : /premières heures de travail sur place/,
    );
    assert.match(notes, /au-delà, le temps passé est facturé au taux horaire/);
    assert.equal(notes.includes('Le devis est gratuit, déplacement compris.'), site.quote.free);
    assert.doesNotMatch(priceList.notes.join(' '), /«\u202f\u202f|\u202f\u202f»/);
  });

  test('reused parts are offered with the parts sentence, under the price list as in the CGV', () => {
    assert.ok(priceList.notes.includes(partsSentence));
    assert.equal(
      plain(partsSentence).includes(
        'pièces issues de l’économie circulaire à la place de pièces neuves (article L. 224-109',
      ),
      companyChoices.reusedPartsOffered.choice,
    );
  });

  test('example amounts are flagged and listed as placeholders', () => {
    assert.ok(priceList.rows.some((row) => row.placeholder));
    const entry = placeholders.find((item) => item.fields.includes('/priceListConfirmed'));
    assert.equal(entry?.pending, true);
  });

  test('JSON-LD gives the starting prices including tax, as the site shows them', () => {
    const offers = localBusinessJsonLd().hasOfferCatalog.itemListElement;
    const shownTtc = (service: (typeof services)[number]) =>
      Number(plain(inclTax(service.priceFrom)).replace(/\s/gu, '').replace('€TTC', '').replace(',', '.'));
    assert.deepEqual(
      offers.map((offer) => [offer.priceSpecification.price, offer.priceSpecification.valueAddedTaxIncluded]),
      services.map((service) => [shownTtc(service), true]),
    );
    // The amounts themselves: each service's starting price (content/services.ts) plus VAT at the standard rate.
    assert.deepEqual(
      offers.map((offer) => offer.priceSpecification.price),
      services.map((service) => withVat(service.priceFrom, vat.standardRate)),
    );
  });
});

describe('testimonials', () => {
  const { testimonials } = home;

  test('each is dated (published, and the intervention it is about) and marked as a sample', () => {
    // The samples are the data's own; the go-live question stays while no real review is published.
    assert.equal(testimonials.items.length, 3);
    for (const item of testimonials.items) {
      assert.match(item.published, /^\d{4}-\d{2}-\d{2}$/);
      assert.match(item.experience, /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(item.experience <= item.published, `${item.name}: the intervention comes before the review`);
      assert.equal(item.sample, true);
    }
    assert.equal(
      placeholders.find((item) => item.page === 'accueil' && item.fields.includes('/testimonials'))?.pending,
      reviewsData.reviews.length === 0,
    );
  });

  test('they are ordered newest first, as the statement says', () => {
    const dates = testimonials.items.map((item) => item.published);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.match(reviewTexts.statement, /du plus récent au plus ancien/);
    assert.match(reviewTexts.statement, /vérifiés/);
  });
});

describe('one account of the company, and link words for screen readers', () => {
  test('À propos says the company is in Antibes, as the contact page places it, and counts its staff as the page does', () => {
    assert.doesNotMatch(JSON.stringify(about), /au cœur d’Antibes/);
    assert.ok(contact.access.items.some((item) => /du centre-ville/.test(item)));
    assert.ok(plain(about.meta.description).includes(`une équipe de ${site.staff} professionnels`));
    assert.ok(plain(about.team.text).includes(`${site.staff} professionnels`));
  });

  test('the hidden name after a repeated link starts with a no-break space before its colon', () => {
    assert.equal(forService(services[0].shortTitle), `\u00a0: ${services[0].shortTitle}`);
  });

  test('« Plus de 500 clients satisfaits » reads so only while the company claims satisfaction', () => {
    const claim = home.why.reasons.find((reason) => reason.icon === 'users');
    assert.equal(
      plain(claim?.title ?? ''),
      `Plus de ${site.clients} clients${satisfactionClaim.satisfied ? ' satisfaits' : ''}`,
    );
  });
});
