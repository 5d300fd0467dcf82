import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { consentConfig, consentTexts } from '@/content/consent';
import { responsePromise } from '@/content/commitments';
import { photoHost } from '@/content/images';
import { accessibilite } from '@/content/legal/accessibilite';
import { cgv } from '@/content/legal/cgv';
import { cgvVersion } from '@/content/legal/cgv-version';
import {
  cashLimits,
  cnil,
  cookieLifetimes,
  inboxSessionCookie,
  phoneUse,
  quoteRequestRetention,
  retention,
  terms,
} from '@/content/legal-facts';
import { mentionsLegales } from '@/content/legal/mentions-legales';
import { politiqueDeConfidentialite } from '@/content/legal/politique-de-confidentialite';
import { browserGuides, cookieInformationLinks, politiqueDeCookies } from '@/content/legal/politique-de-cookies';
import type { LegalPageContent } from '@/content/legal/types';
import { legalUi } from '@/content/legal-ui';
import { paths } from '@/content/navigation';
import { startingPrice } from '@/content/pricing';
import { quote } from '@/content/quote';
import { formProcessorName } from '@/content/quote-delivery';
import { services } from '@/content/services';
import { fullAddress, maps, site } from '@/content/site';
import { isoDay } from '../../lib/days';
import { days, deName, formatFrenchDate, formatFrenchDay, formatPrice, months, percent } from '../../lib/format';
import { telHref, withoutProtocol, years } from '../../lib/format';
import {
  elementById,
  elements,
  elementsByTag,
  parseHtml,
  textOf,
  type HtmlDocument,
  type HtmlElement,
} from '../../scripts/html';
import { OUT, readOut, resolveOut } from './out-files';

/**
 * The wording of the legal pages as the built HTML holds it, section by section (moved from
 * e2e/legal.spec.ts, which keeps what a browser does: scrolling, following links, storage). unit/legal.test.ts
 * checks the texts in content/; these check that the pages print them where they belong.
 */

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

function pageOf(path: string): HtmlDocument {
  const file = resolveOut(path);
  assert.ok(file, `${path} is exported`);
  return parseHtml(readOut(file));
}

function mainOf(document: HtmlDocument): HtmlElement {
  const mains = elementsByTag(document, 'main');
  assert.equal(mains.length, 1, 'one <main>');
  return mains[0]!;
}

/** The accessible name of an element named by aria-label or aria-labelledby. */
function nameOf(document: HtmlDocument, element: HtmlElement): string {
  if (element.attribs['aria-label']) return normalize(element.attribs['aria-label']);
  const ids = (element.attribs['aria-labelledby'] ?? '').split(/\s+/).filter(Boolean);
  return normalize(ids.map((id) => textOf(elementById(document, id) ?? element)).join(' '));
}

/** The one element of a tag named `name` (a landmark region, an article) under a scope. */
function named(document: HtmlDocument, scope: HtmlElement, tag: string, name: string): HtmlElement {
  const found = elements(scope, (element) => element.name === tag && nameOf(document, element) === normalize(name));
  assert.equal(found.length, 1, `one <${tag}> named « ${name} »`);
  return found[0]!;
}

/** A numbered section of a legal page, found by its name as a screen reader reads it (« 3. Titre »). */
function sectionOf(document: HtmlDocument, content: LegalPageContent, id: string): HtmlElement {
  const index = content.sections.findIndex((section) => section.id === id);
  assert.ok(index >= 0, `no section ${id} in ${content.path}`);
  const section = named(document, mainOf(document), 'section', `${index + 1}. ${content.sections[index]?.title}`);
  assert.equal(section.attribs.id, id);
  return section;
}

function assertContains(scope: HtmlElement, text: string) {
  assert.ok(textOf(scope).includes(normalize(text)), `« ${text} » in « ${textOf(scope).slice(0, 200)}… »`);
}

function assertLacks(scope: HtmlElement, text: string) {
  assert.ok(!textOf(scope).includes(normalize(text)), `no « ${text} »`);
}

/** The links of a scope whose text (their accessible name) is exactly `name`. */
function links(scope: HtmlElement, name: string): HtmlElement[] {
  return elements(scope, (element) => element.name === 'a' && textOf(element) === normalize(name));
}

function assertInternalLink(scope: HtmlElement, name: string, href: string) {
  assert.deepEqual(
    links(scope, name).map((link) => link.attribs.href),
    [href],
    `a link « ${name} » to ${href}`,
  );
}

/** A link to another site: it opens a new tab, says so, and gives the new page no access back. */
function assertExternalLink(scope: HtmlElement, label: string, href: string) {
  const found = links(scope, `${label}${legalUi.newWindow}`);
  assert.ok(found.length >= 1, `a link « ${label} »`);
  for (const link of found) {
    assert.deepEqual(
      [link.attribs.href, link.attribs.target, link.attribs.rel],
      [href, '_blank', 'noopener noreferrer'],
      label,
    );
  }
}

/** A link named by its text (a phone number, an e-mail address) and its href. */
function assertLink(scope: HtmlElement, text: string, href: string) {
  const found = elements(scope, (element) => element.name === 'a' && textOf(element).includes(normalize(text)));
  assert.ok(found.length >= 1, `a link « ${text} »`);
  for (const link of found) assert.equal(link.attribs.href, href, text);
}

const headingsOf = (scope: HtmlElement, level: number) => elementsByTag(scope, `h${level}`).map(textOf);
/** Texts as they are compared: white space (no-break spaces included) collapsed, as Playwright does. */
const normalizeAll = (texts: readonly string[]) => texts.map(normalize);

function assertHeading3(scope: HtmlElement, name: string | RegExp) {
  const found = headingsOf(scope, 3).filter((text) => (typeof name === 'string' ? text === normalize(name) : name.test(text)));
  assert.equal(found.length, 1, `an h3 « ${name} »`);
}

const listItems = (scope: HtmlElement) => elementsByTag(scope, 'li');

/** The legal pages and their number of sections (the CGV gained one, on maintenance contracts). */
const legalPages: readonly { content: LegalPageContent; sectionCount: number }[] = [
  { content: mentionsLegales, sectionCount: 9 },
  { content: politiqueDeConfidentialite, sectionCount: 12 },
  { content: politiqueDeCookies, sectionCount: 8 },
  { content: cgv, sectionCount: 18 },
  { content: accessibilite, sectionCount: 7 },
];

/** The day the site was built (the build wrote out/index.html): a date no legal page prints. */
const buildDay = () => formatFrenchDate(statSync(join(OUT, 'index.html')).mtime);

/** The date line a page shows: the text's own date, after « Dernière mise à jour : » (the CGV: « En vigueur depuis le »). */
const dateLine = (content: LegalPageContent) =>
  `${content.updatedLabel ?? legalUi.lastUpdated} ${formatFrenchDay(content.updated)}`;

for (const { content, sectionCount } of legalPages) {
  test(`${content.title} (${content.path}): one article named by its title, numbered sections in order, the date, mailto links`, () => {
    const document = pageOf(content.path);
    const main = mainOf(document);
    assert.deepEqual(headingsOf(main, 1), normalizeAll([content.title]));
    assert.equal(content.sections.length, sectionCount);
    assert.deepEqual(
      headingsOf(main, 2),
      normalizeAll(content.sections.map((section, index) => `${index + 1}. ${section.title}`)),
    );
    const lines = (text: string) =>
      elements(main, (element) => element.name === 'p').filter((element) => textOf(element) === normalize(text));
    assert.equal(lines(dateLine(content)).length, 1, `« ${dateLine(content)} »`);
    // The text's own date, once: in a <time>, and nowhere else on the page (no build date, no second date).
    const time = elementsByTag(lines(dateLine(content))[0]!, 'time');
    assert.deepEqual(
      time.map((element) => element.attribs.datetime),
      [content.updated],
    );
    const dated = elements(main, (element) => element.name === 'p' && /^(Dernière mise à jour|Version du texte)/.test(textOf(element)));
    assert.equal(dated.length, content.updatedLabel ? 0 : 1, 'one last-updated line');
    if (content.updated !== isoDay(new Date(statSync(join(OUT, 'index.html')).mtime))) {
      assertLacks(main, `${legalUi.lastUpdated} ${buildDay()}`);
    }
    assert.doesNotMatch(textOf(main), /Sa dernière modification date du/);
    const article = named(document, main, 'article', content.title);
    assert.deepEqual(headingsOf(article, 1), normalizeAll([content.title]));
    assert.equal(headingsOf(article, 2).length, sectionCount);
    const mailLinks = elements(main, (element) => element.name === 'a' && !!element.attribs.href?.startsWith('mailto:'));
    assert.ok(mailLinks.length > 0);
    for (const link of mailLinks) assert.equal(link.attribs.href, `mailto:${textOf(link)}`);
  });
}

test('the notice under the quote form says what the phone number serves, and that no canvassing happens without consent', () => {
  const document = pageOf(paths.quote);
  const notice = named(document, mainOf(document), 'section', quote.privacy.title);
  assertContains(notice, quote.privacy.phone);
  assertContains(notice, 'L. 223-1 et L. 223-2');
});

test('the registration reads « 812 345 676 RCS Antibes » wherever it is written (R. 123-237)', () => {
  const rcs = normalize(site.rcs);
  assert.ok(rcs.startsWith(`${normalize(site.siren)} RCS `), rcs);
  for (const path of [paths.legalNotice, paths.privacy, paths.terms, paths.contact]) {
    const text = textOf(parseHtml(readOut(resolveOut(path)!)));
    assert.ok(text.includes(rcs), `${path}: « ${rcs} »`);
    assert.ok(!/RCS (d’|de )?\p{Lu}[\p{L}-]* \d{3} \d{3} \d{3}/u.test(text), `${path}: no « RCS <ville> <numéro> »`);
  }
});

test('a build without the company’s own receiver has no inbox: no follow-up data, no inbox cookie', () => {
  assert.equal(formProcessorName, undefined);
  const privacy = textOf(mainOf(pageOf(paths.privacy)));
  assert.ok(!privacy.includes('Données du suivi de votre demande'));
  assert.ok(!textOf(mainOf(pageOf(paths.cookies))).includes(inboxSessionCookie.name));
});

describe('Mentions légales', () => {
  const content = mentionsLegales;
  const document = pageOf(content.path);

  test('names the publisher with every legal identifier', () => {
    const publisher = sectionOf(document, content, 'editeur');
    for (const value of [
      site.legalName,
      site.name,
      site.legalForm,
      formatPrice(site.capital),
      fullAddress,
      site.siren,
      site.siret,
      site.rcs,
      site.vatNumber,
      site.nafCode,
      site.insurance.insurer,
      site.insurance.policy,
      site.insurance.coverage,
      site.mediator.name,
    ]) {
      assertContains(publisher, value);
    }
    assertLink(publisher, site.phone, telHref(site.phone));
    assertLink(publisher, site.email, `mailto:${site.email}`);
    assertExternalLink(publisher, withoutProtocol(site.mediator.website), site.mediator.website);
  });

  test('names the stock-photo host, whose photos this build shows, and its licence', () => {
    const property = sectionOf(document, content, 'propriete-intellectuelle');
    assert.ok(photoHost, 'out/ shows stock photos');
    assertContains(property, `Les photographies de banque d’images sont fournies par ${photoHost.provider}`);
  });

  test('names the publication director and the host', () => {
    assertContains(sectionOf(document, content, 'directeur-publication'), site.director.name);
    const hosting = sectionOf(document, content, 'hebergement');
    for (const value of [site.host.name, site.host.address, site.host.phone]) assertContains(hosting, value);
  });

  test('links to the privacy and cookie policies', () => {
    assertInternalLink(sectionOf(document, content, 'cookies'), 'politique de cookies', politiqueDeCookies.path);
    assertInternalLink(
      sectionOf(document, content, 'donnees-personnelles'),
      'politique de confidentialité',
      politiqueDeConfidentialite.path,
    );
  });
});

describe('Politique de confidentialité', () => {
  const content = politiqueDeConfidentialite;
  const document = pageOf(content.path);

  test('names the controller and a privacy contact, without inventing a DPO', () => {
    const controller = sectionOf(document, content, 'responsable-du-traitement');
    assertContains(controller, site.legalName);
    assertContains(controller, fullAddress);
    assertContains(controller, 'Nous n’avons pas désigné de délégué à la protection des données');
    assertLink(controller, site.privacyEmail, `mailto:${site.privacyEmail}`);
  });

  test('lists the data collected and which form fields are mandatory', () => {
    const data = sectionOf(document, content, 'donnees-collectees');
    for (const item of [
      'nom et prénom',
      'adresse e-mail',
      'numéro de téléphone',
      'type de prestation demandée',
      'lieu d’intervention',
      'description du projet',
      'documents joints',
      'adresse IP',
      'type de navigateur',
      'pages consultées',
      'date et heure de la visite',
    ]) {
      assertContains(data, item);
    }
    assertContains(data, 'tous les champs sont obligatoires, à l’exception du document joint');
  });

  test('gives a legal basis per purpose, the recipients and the transfer safeguard', () => {
    const bases = sectionOf(document, content, 'bases-legales');
    for (const basis of [
      'mesures précontractuelles',
      'exécution du contrat',
      'intérêt légitime',
      'consentement',
      'obligation légale',
    ]) {
      assertContains(bases, basis);
    }
    const recipients = sectionOf(document, content, 'destinataires');
    assertContains(recipients, site.host.name);
    assertContains(recipients, maps.provider);
    assertContains(recipients, 'Data Privacy Framework');
    assertContains(recipients, 'nous n’avons signé avec lui aucune clause contractuelle pour ce transfert');
    if (formProcessorName) assertContains(recipients, formProcessorName);
  });

  test('presents Google and the photo host as third parties, not as processors, and names the photo transfer', () => {
    const recipients = sectionOf(document, content, 'destinataires');
    // The first list holds our team and our processors: Google is not among them.
    const firstList = elements(recipients, (element) => element.name === 'ul' || element.name === 'ol')[0];
    assert.ok(firstList);
    assertLacks(firstList, 'Google');
    assertHeading3(recipients, /Services tiers/);
    assertLacks(recipients, 'responsables conjoints');
    assertExternalLink(recipients, 'politique de confidentialité', maps.privacyUrl);
    if (photoHost) {
      assertContains(recipients, photoHost.company);
      assertContains(recipients, photoHost.host);
      assertContains(recipients, `société établie au ${photoHost.country}`);
      assertExternalLink(recipients, 'charte de protection des données', photoHost.privacyUrl);
    }
  });

  test('states every retention period', () => {
    const retentionSection = sectionOf(document, content, 'duree-de-conservation');
    assertContains(retentionSection, quoteRequestRetention);
    assertContains(retentionSection, years(retention.contractYears));
    assertContains(retentionSection, `${months(retention.browsingDataMonths)} au maximum`);
    assertContains(
      retentionSection,
      `${years(retention.marketingConsentYears)}, ou jusqu’au retrait de votre consentement`,
    );
  });

  test('lists the seven rights, how to exercise them and the CNIL', () => {
    const rights = sectionOf(document, content, 'vos-droits');
    const items = listItems(rights);
    assert.equal(items.length, 7);
    const names = [
      'droit d’accès',
      'droit de rectification',
      'droit à l’effacement',
      'droit à la limitation',
      'droit à la portabilité',
      'droit d’opposition',
      'droit de retirer votre consentement',
    ];
    for (const [index, name] of names.entries()) assertContains(items[index]!, name);
    assertLink(rights, site.privacyEmail, `mailto:${site.privacyEmail}`);
    assertContains(rights, `par courrier à ${site.legalName}, ${fullAddress}`);
    assertContains(rights, cnil.address);
    assertExternalLink(rights, cnil.websiteLabel, cnil.website);
  });

  test('links to the cookie policy', () => {
    assertInternalLink(sectionOf(document, content, 'cookies'), 'politique de cookies', politiqueDeCookies.path);
  });
});

describe('Politique de cookies', () => {
  const content = politiqueDeCookies;
  const document = pageOf(content.path);

  test('says plainly that the site sets no cookie and keeps one item in local storage', () => {
    const used = sectionOf(document, content, 'cookies-utilises');
    assertContains(used, 'Le site lui-même ne dépose aucun cookie chez ses visiteurs.');
    assertContains(
      used,
      `un seul élément dans le stockage local (localStorage) de votre navigateur : votre choix en matière de cookies (clé « ${consentConfig.storageKey} »), conservé ${consentConfig.durationLabel}`,
    );
  });

  test('gives the lifetime of each kind of cookie', () => {
    const used = sectionOf(document, content, 'cookies-utilises');
    for (const heading of [
      'Stockage strictement nécessaire',
      'Cookies de performance et de mesure d’audience',
      'Cookies de fonctionnalité',
    ]) {
      assertHeading3(used, heading);
    }
    assertContains(used, `Durée de conservation : ${consentConfig.durationLabel}.`);
    assertContains(used, `Durée de vie : ${months(cookieLifetimes.analyticsMonths)} au maximum`);
    assertContains(used, 'Ces cookies sont ceux de Google, qui en fixe la durée de vie');
    assertLacks(used, 'nos propres cookies');
    const retentionSection = sectionOf(document, content, 'duree-de-conservation');
    assertContains(retentionSection, 'Le site lui-même ne dépose aucun cookie chez ses visiteurs.');
    assertContains(retentionSection, `conservé ${consentConfig.durationLabel}`);
    assertContains(retentionSection, 'la durée de vie que Google leur fixe');
  });

  test('names the third parties: the map, loaded only on demand, and analytics', () => {
    const thirdParties = sectionOf(document, content, 'cookies-tiers');
    assert.deepEqual(
      elementsByTag(thirdParties, 'dt').map(textOf),
      normalizeAll([`Service de cartographie (${maps.provider})`, 'Services de mesure d’audience']),
    );
    assertContains(thirdParties, `« ${consentTexts.mapPlaceholder.button} »`);
  });

  test('describes the banner as it works, the browsers and the limits of refusing', () => {
    const choices = sectionOf(document, content, 'accepter-ou-refuser');
    for (const label of [
      consentTexts.acceptAll,
      consentTexts.refuseAll,
      consentTexts.customize,
      consentTexts.manageLink,
    ]) {
      assertContains(choices, `« ${label} »`);
    }
    assertContains(choices, 'Fermer le bandeau sans faire de choix vaut refus');
    assertContains(choices, `pendant ${consentConfig.durationLabel}`);
    assertContains(choices, 'localStorage');
    const browsers = listItems(choices);
    assert.equal(browsers.length, browserGuides.length);
    for (const [index, browser] of browserGuides.entries()) {
      assertContains(browsers[index]!, browser.name);
      assertExternalLink(browsers[index]!, browser.help.label, browser.help.href);
    }
    assertContains(choices, 'peut limiter certaines fonctionnalités du site');
  });

  test('links to the CNIL guidance, its browser page and a second cookie-information site, in new tabs', () => {
    const more = sectionOf(document, content, 'plus-d-informations');
    assertExternalLink(more, cookieInformationLinks.cnil.label, cookieInformationLinks.cnil.href);
    assertExternalLink(more, cookieInformationLinks.cnilBrowser.label, cookieInformationLinks.cnilBrowser.href);
    assertExternalLink(
      sectionOf(document, content, 'accepter-ou-refuser'),
      cookieInformationLinks.cnilBrowser.label,
      cookieInformationLinks.cnilBrowser.href,
    );
    assertExternalLink(more, cookieInformationLinks.other.label, cookieInformationLinks.other.href);
  });

  test('gives a contact address', () => {
    assertLink(sectionOf(document, content, 'contact'), site.privacyEmail, `mailto:${site.privacyEmail}`);
  });
});

describe('Conditions générales de vente', () => {
  const content = cgv;
  const document = pageOf(content.path);

  test('apply to consumers and professionals, and list the services with their starting prices', () => {
    const scope = sectionOf(document, content, 'champ-d-application');
    const items = listItems(scope).map(textOf);
    assert.equal(items.length, 3);
    assert.ok(items[0]?.startsWith('consommateurs'), items[0]);
    assert.ok(items[1]?.startsWith('non-professionnels'), items[1]);
    assert.ok(items[2]?.startsWith('professionnels'), items[2]);
    const servicesSection = sectionOf(document, content, 'services');
    for (const service of services) {
      assertContains(servicesSection, `${service.title} : à partir de ${startingPrice(service)}`);
    }
    assertInternalLink(servicesSection, 'Nos services', `${paths.services}#tarifs`);
    assertInternalLink(servicesSection, 'Accessibilité', paths.accessibility);
  });

  test('state the quote, price and payment terms', () => {
    const quotes = sectionOf(document, content, 'devis-et-commandes');
    assertContains(quotes, 'gratuitement');
    assertContains(quotes, `nous rappelons le client ${responsePromise.delay}`);
    assertContains(quotes, `valable ${days(site.quote.validityDays)}`);
    assertContains(quotes, 'Aucun travail n’est entrepris avant l’acceptation écrite du devis');

    const prices = sectionOf(document, content, 'prix-et-facturation');
    assertContains(prices, 'euros hors taxes (HT) et majorés de la TVA');
    assertContains(prices, `acompte de ${percent(terms.depositPercent)}`);
    assertContains(prices, `au-delà de ${terms.travelIncludedKm} km ${deName(site.address.city)}`);

    const payment = sectionOf(document, content, 'paiement');
    assertContains(payment, 'payables à réception');
    const methods = listItems(payment);
    assert.equal(methods.length, terms.paymentMethods.length);
    assertContains(methods.at(-1)!, `espèces, dans la limite de ${formatPrice(cashLimits.residentEuros)}`);
    assertLacks(payment, '112-3');
    assertContains(payment, `${terms.latePaymentRateMultiplier} fois le taux d’intérêt légal`);
    assertContains(
      payment,
      `indemnité forfaitaire pour frais de recouvrement de ${formatPrice(terms.recoveryFeeEuros)}`,
    );
    assertContains(payment, 'Client consommateur : aucune pénalité forfaitaire ni indemnité de recouvrement');
  });

  test('state the warranties, including the legal ones', () => {
    const warranties = sectionOf(document, content, 'garanties');
    assertContains(warranties, `garanties ${years(terms.warrantyYears)} à compter de leur achèvement`);
    for (const legal of ['L. 217-3', '1641', '1792']) assertContains(warranties, legal);
    assertContains(warranties, site.insurance.insurer);
    assertHeading3(warranties, 'Garanties légales des biens vendus au consommateur');
    assertContains(warranties, 'articles L. 217-1 à L. 217-32 du Code de la consommation');
    assertHeading3(warranties, 'Nos prestations');
    assertContains(warranties, 'nous répondons de leur bonne exécution');
  });

  test('state the liability limits, save a failure of our duty to diagnose and advise', () => {
    assertContains(
      sectionOf(document, content, 'responsabilite'),
      'Client professionnel : sauf manquement à notre obligation de diagnostic et de conseil',
    );
  });

  test('describe maintenance contracts: term, tacit renewal, termination, and the emergency service', () => {
    const maintenance = sectionOf(document, content, 'contrats-de-maintenance');
    for (const heading of ['Durée et reconduction', 'Résiliation']) assertHeading3(maintenance, heading);
    assertContains(maintenance, 'reconduit tacitement');
    assertContains(maintenance, 'L. 215-1');
    assertContains(maintenance, 'service d’urgence 24 h/24, 7 j/7 est réservé aux clients');
    // The number the contact page shows for emergencies, as a link.
    assertLink(maintenance, site.emergencyPhone, telHref(site.emergencyPhone));
    assertContains(maintenance, 'Il est conclu sur papier');
  });

  test('say what the phone number serves, and that no phone canvassing happens without consent', () => {
    assertContains(sectionOf(document, content, 'protection-des-donnees'), phoneUse.cgv);
  });

  test('are dated by their version, and lead to the earlier versions', () => {
    assertInternalLink(mainOf(document), cgvVersion.others, paths.termsVersions);
    const modifications = sectionOf(document, content, 'modifications');
    const versions = elements(
      modifications,
      (element) => element.name === 'a' && textOf(element).includes(normalize('Versions des CGV')),
    );
    assert.ok(versions.length >= 1);
    for (const link of versions) assert.equal(link.attribs.href, paths.termsVersions);
  });

  test('explain withdrawal, with its exceptions and the model form', () => {
    const withdrawal = sectionOf(document, content, 'retractation');
    assertContains(withdrawal, `délai de ${days(terms.withdrawalDays)}`);
    // Both cases, each an item of the list: services alone, and a contract with goods.
    const starts = listItems(withdrawal).map(textOf);
    assert.ok(starts.some((item) => item.startsWith('de la conclusion du contrat, pour un contrat qui ne porte que sur des services')));
    assert.ok(starts.some((item) => item.startsWith('de la réception des biens par le consommateur')));
    assertHeading3(withdrawal, 'Retour des biens');
    assertContains(withdrawal, 'L. 221-23');
    assertContains(withdrawal, 'montant proportionnel');
    assertContains(withdrawal, 'en urgence au domicile du consommateur');
    assertHeading3(withdrawal, 'Modèle de formulaire de rétractation');
    assertContains(withdrawal, 'Je/nous (*) vous notifie/notifions (*) par la présente');
    assertContains(withdrawal, '(*) Rayez la mention inutile.');
  });

  test('scope the late-cancellation fee to professionals and link to the withdrawal terms', () => {
    const cancellation = sectionOf(document, content, 'annulation');
    assertContains(
      cancellation,
      `Client professionnel : une intervention peut être annulée ou reportée sans frais jusqu’à ${terms.lateCancellationHours} h`,
    );
    assertContains(cancellation, `indemnité de ${percent(terms.lateCancellationFeePercent)} du montant HT du devis`);
    assertContains(cancellation, 'aucuns frais d’annulation ne peuvent lui être demandés pendant ce délai');
    assertContains(cancellation, 'le montant proportionnel');
    assertContains(cancellation, 'L. 221-25');
    assertInternalLink(cancellation, 'Droit de rétractation', '#retractation');
  });

  test('state the complaint delay and name a consumer mediator, without the closed EU platform', () => {
    assertContains(
      sectionOf(document, content, 'reclamations'),
      `par écrit, par e-mail à ${site.email} ou par courrier, dans les ${days(terms.complaintDays)}`,
    );
    const mediation = sectionOf(document, content, 'mediation');
    assertContains(mediation, site.mediator.name);
    assertContains(mediation, site.mediator.address);
    assertExternalLink(mediation, withoutProtocol(site.mediator.website), site.mediator.website);
    assert.deepEqual(
      elements(document, (element) => !!element.attribs.href?.includes('ec.europa.eu/consumers/odr')),
      [],
    );
    assertLacks(mainOf(document), 'plateforme de règlement en ligne');
  });

  test('link to the privacy policy', () => {
    assertInternalLink(
      sectionOf(document, content, 'protection-des-donnees'),
      'politique de confidentialité',
      politiqueDeConfidentialite.path,
    );
  });

  test('set the jurisdiction clause apart, in a box of its own, for merchants only', () => {
    const law = sectionOf(document, content, 'droit-applicable');
    assertHeading3(law, 'Clause attributive de compétence : clients commerçants');
    assertContains(law, 'Client commerçant :');
    assertContains(law, 'article 48 du Code de procédure civile');
  });

  test('end with the date they apply from, the first of the month in superscript, and a link to all their versions', () => {
    const main = mainOf(document);
    const line = elements(main, (element) => element.name === 'p' && textOf(element) === normalize(dateLine(content)));
    assert.equal(line.length, 1);
    assert.ok(dateLine(content).startsWith(`${cgvVersion.inForceSince} `));
    if (content.updated?.endsWith('-01')) {
      assert.deepEqual(elementsByTag(line[0]!, 'sup').map(textOf), ['er']);
    }
    assertInternalLink(main, 'Toutes les versions des CGV', paths.termsVersions);
  });

  test('give the contact details', () => {
    const contact = sectionOf(document, content, 'contact');
    assertContains(contact, fullAddress);
    assertLink(contact, site.phone, telHref(site.phone));
    assertLink(contact, site.email, `mailto:${site.email}`);
  });
});

test('the mentions légales link to the mediation terms points at that section of the CGV', () => {
  const document = pageOf(mentionsLegales.path);
  assertInternalLink(
    sectionOf(document, mentionsLegales, 'droit-applicable'),
    'conditions générales de vente',
    `${paths.terms}#mediation`,
  );
});
