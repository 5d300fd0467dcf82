import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { consentConfig, consentTexts } from '@/content/consent';
import { accessibilite } from '@/content/legal/accessibilite';
import { cgv } from '@/content/legal/cgv';
import { cgvVersion } from '@/content/legal/cgv-version';
import { responsePromise } from '@/content/commitments';
import {
  cashLimits,
  cnil,
  cookieLifetimes,
  phoneUse,
  quoteRequestRetention,
  retention,
  terms,
} from '@/content/legal/constants';
import { mentionsLegales } from '@/content/legal/mentions-legales';
import { politiqueDeConfidentialite } from '@/content/legal/politique-de-confidentialite';
import { browserGuides, cookieInformationLinks, politiqueDeCookies } from '@/content/legal/politique-de-cookies';
import type { LegalPageContent } from '@/content/legal/types';
import { legalUi } from '@/content/legal/ui';
import { photoHost } from '@/content/images';
import { paths } from '@/content/navigation';
import { startingPrice } from '@/content/pricing';
import { quote } from '@/content/quote';
import { formProcessorName } from '@/content/quote-delivery';
import { services } from '@/content/services';
import { fullAddress, maps, site } from '@/content/site';
import { days, deName, months, percent, withoutProtocol, years } from '../lib/format';
import { formatFrenchDate, formatFrenchDay, formatPrice, telHref } from '../lib/format';
import { expect, recordLayoutShifts, test } from './fixtures';

/**
 * The legal pages and their number of sections: the specification's four (the CGV gained one, on
 * maintenance contracts) and the accessibility page.
 */
const legalPages: readonly { content: LegalPageContent; sectionCount: number }[] = [
  { content: mentionsLegales, sectionCount: 9 },
  { content: politiqueDeConfidentialite, sectionCount: 12 },
  { content: politiqueDeCookies, sectionCount: 8 },
  { content: cgv, sectionCount: 18 },
  { content: accessibilite, sectionCount: 7 },
];

/** The day the site was built, as the pages print it (the build wrote out/index.html; read when a test runs). */
const buildDay = () => formatFrenchDate(statSync(join(__dirname, '..', 'out', 'index.html')).mtime);

/** The date a page shows: the CGV their version's, fixed; the other pages the day of the build. */
const shownDate = (content: LegalPageContent) => (content.updated ? formatFrenchDay(content.updated) : buildDay());

function sectionOf(page: Page, content: LegalPageContent, id: string): Locator {
  const index = content.sections.findIndex((section) => section.id === id);
  if (index < 0) throw new Error(`No section ${id} in ${content.path}`);
  return page
    .getByRole('main')
    .getByRole('region', { name: `${index + 1}. ${content.sections[index]?.title}`, exact: true });
}

async function expectInternalLink(scope: Locator, name: string, href: string) {
  const link = scope.getByRole('link', { name, exact: true });
  await expect(link).toHaveAttribute('href', href);
  return link;
}

async function expectExternalLink(scope: Locator, label: string, href: string) {
  const link = scope.getByRole('link', { name: `${label}${legalUi.newWindow}`, exact: true });
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  return link;
}

for (const { content, sectionCount } of legalPages) {
  test.describe(`${content.title} (${content.path})`, () => {
    test('one article named by its title: the banner, numbered sections in order, the date, mailto links @desktop', async ({
      page,
    }) => {
      await page.goto(content.path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(content.title);
      expect(content.sections).toHaveLength(sectionCount);
      await expect(main.getByRole('heading', { level: 2 })).toHaveText(
        content.sections.map((section, index) => `${index + 1}. ${section.title}`),
      );
      await expect(main.getByText(`${legalUi.lastUpdated} ${shownDate(content)}`, { exact: true })).toBeVisible();
      const article = main.getByRole('article', { name: content.title, exact: true });
      await expect(article).toHaveCount(1);
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(content.title);
      await expect(article.getByRole('heading', { level: 2 })).toHaveCount(sectionCount);
      const mailLinks = main.locator('a[href^="mailto:"]');
      expect(await mailLinks.count()).toBeGreaterThan(0);
      for (const link of await mailLinks.all()) {
        await expect(link).toHaveAttribute('href', `mailto:${(await link.textContent())?.trim()}`);
      }
    });

    test('draws each section in place while the visitor scrolls to the end: nothing shifts', async ({ page }) => {
      // Sections far from the screen are laid out only when the visitor nears them (render-when-visible in
      // globals.css), at an estimated height until then: the real one must never move what is on screen.
      const layoutShifts = await recordLayoutShifts(page);
      await page.goto(content.path);
      for (const heading of await page.getByRole('main').getByRole('heading', { level: 2 }).all()) {
        await heading.scrollIntoViewIfNeeded();
        await expect(heading).toBeInViewport();
      }
      const lastLine = page
        .getByRole('main')
        .getByText(`${legalUi.lastUpdated} ${shownDate(content)}`, { exact: true });
      await lastLine.scrollIntoViewIfNeeded();
      await expect(lastLine).toBeInViewport();
      expect(await layoutShifts()).toEqual([]);
    });
  });
}

test('the notice under the quote form says what the phone number serves, and that no canvassing happens without consent', async ({
  page,
}) => {
  await page.goto(paths.quote);
  const notice = page.getByRole('region', { name: quote.privacy.title });
  await expect(notice).toContainText(quote.privacy.phone);
  await expect(notice).toContainText('L. 223-1 et L. 223-2');
});

test('the mentions légales link to the mediation terms opens the CGV at that section', async ({ page }) => {
  // Every screen width: the sections above it are only estimated in height until drawn (globals.css).
  await page.goto(mentionsLegales.path);
  await sectionOf(page, mentionsLegales, 'droit-applicable')
    .getByRole('link', { name: 'conditions générales de vente', exact: true })
    .click();
  await expect(page).toHaveURL(/\/cgv\/#mediation$/);
  const heading = sectionOf(page, cgv, 'mediation').getByRole('heading', { level: 2 });
  await expect(heading).toBeInViewport();
  const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(200);
});

// Texts do not depend on the screen width: checked once, on the desktop project, in one visit.
test('Mentions légales @desktop', async ({ page }) => {
  const content = mentionsLegales;
  /** Back on the page after a step that followed a link. */
  const onPage = async () => {
    if (!page.url().endsWith(content.path)) await page.goto(content.path);
  };

  await test.step('names the publisher with every legal identifier', async () => {
    await onPage();
    const publisher = sectionOf(page, content, 'editeur');
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
      await expect(publisher).toContainText(value);
    }
    await expect(publisher.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(publisher.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    await expectExternalLink(publisher, withoutProtocol(site.mediator.website), site.mediator.website);
  });

  await test.step('names the publication director and the host', async () => {
    await onPage();
    await expect(sectionOf(page, content, 'directeur-publication')).toContainText(site.director.name);
    const hosting = sectionOf(page, content, 'hebergement');
    for (const value of [site.host.name, site.host.address, site.host.phone]) {
      await expect(hosting).toContainText(value);
    }
  });

  await test.step('links to the privacy and cookie policies', async () => {
    await onPage();
    await expectInternalLink(sectionOf(page, content, 'cookies'), 'politique de cookies', politiqueDeCookies.path);
    const privacy = await expectInternalLink(
      sectionOf(page, content, 'donnees-personnelles'),
      'politique de confidentialité',
      politiqueDeConfidentialite.path,
    );
    await privacy.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(politiqueDeConfidentialite.title);
  });
});

// Texts do not depend on the screen width: checked once, on the desktop project, in one visit.
test('Politique de confidentialité @desktop', async ({ page }) => {
  const content = politiqueDeConfidentialite;
  /** Back on the page after a step that followed a link. */
  const onPage = async () => {
    if (!page.url().endsWith(content.path)) await page.goto(content.path);
  };

  await test.step('names the controller and a privacy contact, without inventing a DPO', async () => {
    await onPage();
    const controller = sectionOf(page, content, 'responsable-du-traitement');
    await expect(controller).toContainText(site.legalName);
    await expect(controller).toContainText(fullAddress);
    await expect(controller).toContainText('Nous n’avons pas désigné de délégué à la protection des données');
    await expect(controller.getByRole('link', { name: site.privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${site.privacyEmail}`,
    );
  });

  await test.step('lists the data collected and which form fields are mandatory', async () => {
    await onPage();
    const data = sectionOf(page, content, 'donnees-collectees');
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
      await expect(data).toContainText(item);
    }
    await expect(data).toContainText('tous les champs sont obligatoires, à l’exception du document joint');
  });

  await test.step('gives a legal basis per purpose, the recipients and the transfer safeguard', async () => {
    await onPage();
    const bases = sectionOf(page, content, 'bases-legales');
    for (const basis of [
      'mesures précontractuelles',
      'exécution du contrat',
      'intérêt légitime',
      'consentement',
      'obligation légale',
    ]) {
      await expect(bases).toContainText(basis);
    }
    const recipients = sectionOf(page, content, 'destinataires');
    await expect(recipients).toContainText(site.host.name);
    await expect(recipients).toContainText(maps.provider);
    await expect(recipients).toContainText('Data Privacy Framework');
    await expect(recipients).toContainText('clauses contractuelles types');
    if (formProcessorName) await expect(recipients).toContainText(formProcessorName);
  });

  await test.step('presents Google and the photo host as third parties, not as processors, and names the photo transfer', async () => {
    await onPage();
    const recipients = sectionOf(page, content, 'destinataires');
    // The first list holds our team and our processors: Google is not among them.
    await expect(recipients.getByRole('list').first()).not.toContainText('Google');
    const thirdParties = recipients.getByRole('heading', { level: 3, name: /Services tiers/ });
    await expect(thirdParties).toBeVisible();
    await expect(recipients).not.toContainText('responsables conjoints');
    await expectExternalLink(recipients, 'politique de confidentialité', maps.privacyUrl);
    if (photoHost) {
      await expect(recipients).toContainText(photoHost.company);
      await expect(recipients).toContainText(photoHost.host);
      await expect(recipients).toContainText(`société établie au ${photoHost.country}`);
      await expectExternalLink(recipients, 'charte de protection des données', photoHost.privacyUrl);
    }
  });

  await test.step('states every retention period', async () => {
    await onPage();
    const retentionSection = sectionOf(page, content, 'duree-de-conservation');
    await expect(retentionSection).toContainText(quoteRequestRetention);
    await expect(retentionSection).toContainText(years(retention.contractYears));
    await expect(retentionSection).toContainText(`${months(retention.browsingDataMonths)} au maximum`);
    await expect(retentionSection).toContainText(
      `${years(retention.marketingConsentYears)}, ou jusqu’au retrait de votre consentement`,
    );
  });

  await test.step('lists the seven rights, how to exercise them and the CNIL', async () => {
    await onPage();
    const rights = sectionOf(page, content, 'vos-droits');
    const items = rights.getByRole('listitem');
    await expect(items).toHaveCount(7);
    const names = [
      'droit d’accès',
      'droit de rectification',
      'droit à l’effacement',
      'droit à la limitation',
      'droit à la portabilité',
      'droit d’opposition',
      'droit de retirer votre consentement',
    ];
    for (const [index, name] of names.entries()) {
      await expect(items.nth(index)).toContainText(name);
    }
    await expect(rights.getByRole('link', { name: site.privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${site.privacyEmail}`,
    );
    await expect(rights).toContainText(`par courrier à ${site.legalName}, ${fullAddress}`);
    await expect(rights).toContainText(cnil.address);
    await expectExternalLink(rights, cnil.websiteLabel, cnil.website);
  });

  await test.step('links to the cookie policy', async () => {
    await onPage();
    const link = await expectInternalLink(
      sectionOf(page, content, 'cookies'),
      'politique de cookies',
      politiqueDeCookies.path,
    );
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(politiqueDeCookies.title);
  });
});

// Texts do not depend on the screen width: checked once, on the desktop project, in one visit.
test('Politique de cookies @desktop', async ({ page }) => {
  const content = politiqueDeCookies;
  /** Back on the page after a step that followed a link. */
  const onPage = async () => {
    if (!page.url().endsWith(content.path)) await page.goto(content.path);
  };

  await test.step('says plainly that the site sets no cookie and keeps one item in local storage', async () => {
    await onPage();
    const used = sectionOf(page, content, 'cookies-utilises');
    await expect(used).toContainText('Le site lui-même ne dépose aucun cookie.');
    await expect(used).toContainText(
      `un seul élément dans le stockage local (localStorage) de votre navigateur : votre choix en matière de cookies (clé « ${consentConfig.storageKey} »), conservé ${consentConfig.durationLabel}`,
    );
    // Set against the browser: the site stores nothing else, and no cookie, before any choice.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([consentConfig.storageKey]);
    expect(await page.context().cookies()).toEqual([]);
  });

  await test.step('gives the lifetime of each kind of cookie', async () => {
    await onPage();
    const used = sectionOf(page, content, 'cookies-utilises');
    for (const heading of [
      'Stockage strictement nécessaire',
      'Cookies de performance et de mesure d’audience',
      'Cookies de fonctionnalité',
    ]) {
      await expect(used.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }
    await expect(used).toContainText(`Durée de conservation : ${consentConfig.durationLabel}.`);
    await expect(used).toContainText(`Durée de vie : ${months(cookieLifetimes.analyticsMonths)} au maximum`);
    await expect(used).toContainText('Ces cookies sont ceux de Google, qui en fixe la durée de vie');
    await expect(used).not.toContainText('nos propres cookies');
    const retentionSection = sectionOf(page, content, 'duree-de-conservation');
    await expect(retentionSection).toContainText('Le site lui-même ne dépose aucun cookie.');
    await expect(retentionSection).toContainText(`conservé ${consentConfig.durationLabel}`);
    await expect(retentionSection).toContainText('la durée de vie que Google leur fixe');
  });

  await test.step('names the third parties: the map, loaded only on demand, and analytics', async () => {
    await onPage();
    const thirdParties = sectionOf(page, content, 'cookies-tiers');
    await expect(thirdParties.getByRole('term')).toHaveText([
      `Service de cartographie (${maps.provider})`,
      'Services de mesure d’audience',
    ]);
    await expect(thirdParties).toContainText(`« ${consentTexts.mapPlaceholder.button} »`);
  });

  await test.step('describes the banner as it works, the browsers and the limits of refusing', async () => {
    await onPage();
    const choices = sectionOf(page, content, 'accepter-ou-refuser');
    for (const label of [
      consentTexts.acceptAll,
      consentTexts.refuseAll,
      consentTexts.customize,
      consentTexts.manageLink,
    ]) {
      await expect(choices).toContainText(`« ${label} »`);
    }
    await expect(choices).toContainText('Fermer le bandeau sans faire de choix vaut refus');
    await expect(choices).toContainText(`pendant ${consentConfig.durationLabel}`);
    await expect(choices).toContainText('localStorage');
    const browsers = choices.getByRole('listitem');
    await expect(browsers).toHaveCount(browserGuides.length);
    for (const [index, browser] of browserGuides.entries()) {
      await expect(browsers.nth(index)).toContainText(browser.name);
      await expectExternalLink(browsers.nth(index), browser.help.label, browser.help.href);
    }
    await expect(choices).toContainText('peut limiter certaines fonctionnalités du site');
  });

  await test.step('links to the CNIL guidance, its browser page and a second cookie-information site, in new tabs', async () => {
    await onPage();
    const more = sectionOf(page, content, 'plus-d-informations');
    await expectExternalLink(more, cookieInformationLinks.cnil.label, cookieInformationLinks.cnil.href);
    await expectExternalLink(more, cookieInformationLinks.cnilBrowser.label, cookieInformationLinks.cnilBrowser.href);
    await expectExternalLink(
      sectionOf(page, content, 'accepter-ou-refuser'),
      cookieInformationLinks.cnilBrowser.label,
      cookieInformationLinks.cnilBrowser.href,
    );
    const other = await expectExternalLink(more, cookieInformationLinks.other.label, cookieInformationLinks.other.href);
    const popupPromise = page.waitForEvent('popup');
    await other.click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(cookieInformationLinks.other.href);
    await expect(page).toHaveURL(new RegExp(`${content.path}$`));
  });

  await test.step('gives a contact address', async () => {
    await onPage();
    const contact = sectionOf(page, content, 'contact');
    await expect(contact.getByRole('link', { name: site.privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${site.privacyEmail}`,
    );
  });
});

// Texts do not depend on the screen width: checked once, on the desktop project, in one visit.
test('Conditions générales de vente @desktop', async ({ page }) => {
  const content = cgv;
  /** Back on the page after a step that followed a link. */
  const onPage = async () => {
    if (!page.url().endsWith(content.path)) await page.goto(content.path);
  };

  await test.step('apply to consumers and professionals, and list the services with their starting prices', async () => {
    await onPage();
    const scope = sectionOf(page, content, 'champ-d-application');
    await expect(scope.getByRole('listitem')).toHaveText([/^consommateurs/, /^non-professionnels/, /^professionnels/]);
    const servicesSection = sectionOf(page, content, 'services');
    for (const service of services) {
      await expect(servicesSection).toContainText(`${service.title} : à partir de ${startingPrice(service)}`);
    }
    await expectInternalLink(servicesSection, 'Nos services', `${paths.services}#tarifs`);
    await expectInternalLink(servicesSection, 'Accessibilité', paths.accessibility);
  });

  await test.step('state the quote, price and payment terms', async () => {
    await onPage();
    const quotes = sectionOf(page, content, 'devis-et-commandes');
    await expect(quotes).toContainText('gratuitement');
    await expect(quotes).toContainText(`nous rappelons le client ${responsePromise.delay}`);
    await expect(quotes).toContainText(`valable ${days(site.quote.validityDays)}`);
    await expect(quotes).toContainText('Aucun travail n’est entrepris avant l’acceptation écrite du devis');

    const prices = sectionOf(page, content, 'prix-et-facturation');
    await expect(prices).toContainText('euros hors taxes (HT) et majorés de la TVA');
    await expect(prices).toContainText(`acompte de ${percent(terms.depositPercent)}`);
    await expect(prices).toContainText(`au-delà de ${terms.travelIncludedKm} km ${deName(site.address.city)}`);

    const payment = sectionOf(page, content, 'paiement');
    await expect(payment).toContainText('payables à réception');
    await expect(payment.getByRole('listitem')).toHaveCount(terms.paymentMethods.length);
    await expect(payment.getByRole('listitem').last()).toContainText(
      `espèces, dans la limite de ${formatPrice(cashLimits.residentEuros)}`,
    );
    await expect(payment).not.toContainText('112-3');
    await expect(payment).toContainText(`${terms.latePaymentRateMultiplier} fois le taux d’intérêt légal`);
    await expect(payment).toContainText(
      `indemnité forfaitaire pour frais de recouvrement de ${formatPrice(terms.recoveryFeeEuros)}`,
    );
    await expect(payment).toContainText(
      'Client consommateur : aucune pénalité forfaitaire ni indemnité de recouvrement',
    );
  });

  await test.step('state the warranties, including the legal ones', async () => {
    await onPage();
    const warranties = sectionOf(page, content, 'garanties');
    await expect(warranties).toContainText(`garanties ${years(terms.warrantyYears)} à compter de leur achèvement`);
    for (const legal of ['L. 217-3', '1641', '1792']) {
      await expect(warranties).toContainText(legal);
    }
    await expect(warranties).toContainText(site.insurance.insurer);
    const box = warranties.getByRole('heading', {
      level: 3,
      name: 'Garanties légales des biens vendus au consommateur',
    });
    await expect(box).toBeVisible();
    await expect(warranties).toContainText('articles L. 217-1 à L. 217-32 du code de la consommation');
  });

  await test.step('state the liability limits, save a failure of our duty to diagnose and advise', async () => {
    await onPage();
    await expect(sectionOf(page, content, 'responsabilite')).toContainText(
      'Client professionnel : sauf manquement à notre obligation de diagnostic et de conseil',
    );
  });

  await test.step('describe maintenance contracts: term, tacit renewal, termination, and the emergency service', async () => {
    await onPage();
    const maintenance = sectionOf(page, content, 'contrats-de-maintenance');
    for (const heading of ['Durée et reconduction', 'Résiliation']) {
      await expect(maintenance.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }
    await expect(maintenance).toContainText('reconduit tacitement');
    await expect(maintenance).toContainText('L. 215-1');
    await expect(maintenance).toContainText('service d’urgence 24 h/24, 7 j/7 est réservé aux clients');
    // The number the contact page shows for emergencies, as a link.
    await expect(maintenance.getByRole('link', { name: site.emergencyPhone })).toHaveAttribute(
      'href',
      telHref(site.emergencyPhone),
    );
    await expect(maintenance).toContainText('Il est conclu sur papier');
  });

  await test.step('say what the phone number serves, and that no phone canvassing happens without consent', async () => {
    await onPage();
    await expect(sectionOf(page, content, 'protection-des-donnees')).toContainText(phoneUse.cgv);
  });

  await test.step('are dated by their version, and lead to the earlier versions', async () => {
    await onPage();
    const link = page.getByRole('main').getByRole('link', { name: cgvVersion.others, exact: true });
    await expect(link).toHaveAttribute('href', paths.termsVersions);
    await expect(
      sectionOf(page, content, 'modifications').getByRole('link', { name: 'Versions des CGV' }),
    ).toHaveAttribute('href', paths.termsVersions);
  });

  await test.step('explain withdrawal, with its exceptions and the model form', async () => {
    await onPage();
    const withdrawal = sectionOf(page, content, 'retractation');
    await expect(withdrawal).toContainText(`délai de ${days(terms.withdrawalDays)}`);
    await expect(withdrawal).toContainText('à compter du jour de la conclusion du contrat');
    await expect(withdrawal).toContainText('montant proportionnel');
    await expect(withdrawal).toContainText('en urgence au domicile du consommateur');
    await expect(
      withdrawal.getByRole('heading', { level: 3, name: 'Modèle de formulaire de rétractation' }),
    ).toBeVisible();
    await expect(withdrawal).toContainText('Je/nous (*) vous notifie/notifions (*) par la présente');
    await expect(withdrawal).toContainText('(*) Rayez la mention inutile.');
  });

  await test.step('scope the late-cancellation fee to professionals and link to the withdrawal terms', async () => {
    await onPage();
    const cancellation = sectionOf(page, content, 'annulation');
    await expect(cancellation).toContainText(
      `Client professionnel : une intervention peut être annulée ou reportée sans frais jusqu’à ${terms.lateCancellationHours} h`,
    );
    await expect(cancellation).toContainText(
      `indemnité de ${percent(terms.lateCancellationFeePercent)} du montant HT du devis`,
    );
    await expect(cancellation).toContainText('aucuns frais d’annulation ne peuvent lui être demandés pendant ce délai');
    await expect(cancellation).toContainText('le montant proportionnel');
    await expect(cancellation).toContainText('L. 221-25');
    await cancellation.getByRole('link', { name: 'Droit de rétractation', exact: true }).click();
    await expect(page).toHaveURL(/#retractation$/);
    await expect(sectionOf(page, content, 'retractation').getByRole('heading', { level: 2 })).toBeInViewport();
  });

  await test.step('state the complaint delay and name a consumer mediator, without the closed EU platform', async () => {
    await onPage();
    await expect(sectionOf(page, content, 'reclamations')).toContainText(
      `par écrit, par e-mail à ${site.email} ou par courrier, dans les ${days(terms.complaintDays)}`,
    );
    const mediation = sectionOf(page, content, 'mediation');
    await expect(mediation).toContainText(site.mediator.name);
    await expect(mediation).toContainText(site.mediator.address);
    await expectExternalLink(mediation, withoutProtocol(site.mediator.website), site.mediator.website);
    await expect(page.locator('a[href*="ec.europa.eu/consumers/odr"]')).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('plateforme de règlement en ligne');
  });

  await test.step('link to the privacy policy', async () => {
    await onPage();
    const link = await expectInternalLink(
      sectionOf(page, content, 'protection-des-donnees'),
      'politique de confidentialité',
      politiqueDeConfidentialite.path,
    );
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(politiqueDeConfidentialite.title);
  });

  await test.step('give the contact details', async () => {
    await onPage();
    const contact = sectionOf(page, content, 'contact');
    await expect(contact).toContainText(fullAddress);
    await expect(contact.getByRole('link', { name: site.phone })).toHaveAttribute('href', telHref(site.phone));
    await expect(contact.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  });
});
