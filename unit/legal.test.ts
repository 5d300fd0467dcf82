import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { photoHost } from '@/content/images';
import { accessibilite } from '@/content/legal/accessibilite';
import { cgv } from '@/content/legal/cgv';
import { cgvSnapshotText, cgvVersion, cgvVersions } from '@/content/legal/cgv-version';
import { cgvSnapshots } from '@/content/legal/cgv-versions';
import { cashLimits, cnil, decennial, quoteRequestRetention } from '@/content/legal/constants';
import { mentionsLegales } from '@/content/legal/mentions-legales';
import { politiqueDeConfidentialite as privacy } from '@/content/legal/politique-de-confidentialite';
import { cookieInformationLinks, politiqueDeCookies as cookies } from '@/content/legal/politique-de-cookies';
import { consentConfig } from '@/content/consent';
import { quote } from '@/content/quote';
import { site } from '@/content/site';
import { formatPrice } from '@/lib/format';
import { sectionText } from './content-strings';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const section = (page: Parameters<typeof sectionText>[0], id: string) => plain(sectionText(page, id));

describe('privacy policy and the notice under the quote form', () => {
  test('Google is a third party, joint controller for the embed, not one of our processors', () => {
    const recipients = section(privacy, 'destinataires');
    const processorsSentence = recipients.match(/Nos sous-traitants[^.]*\./)?.[0] ?? '';
    assert.ok(processorsSentence, 'the processors are named');
    assert.doesNotMatch(processorsSentence, /Google/);
    assert.match(recipients, /Services tiers, responsables de leurs propres traitements/);
    assert.match(recipients, /responsables conjoints avec Google de la collecte et de la transmission/);
    assert.match(recipients, /C-40\/17/);
    assert.doesNotMatch(recipients, /Nos prestataires agissent sur nos instructions/);
  });

  test('the photo host is named as a recipient, with the transfer', () => {
    assert.ok(photoHost, 'photos are served by a third party in this build');
    const recipients = section(privacy, 'destinataires');
    assert.ok(recipients.includes(photoHost.company));
    assert.ok(recipients.includes(photoHost.host));
    assert.match(recipients, new RegExp(`société établie au ${photoHost.country}`));
    assert.match(recipients, /hors de l’Union européenne, notamment aux États-Unis/);
    assert.match(recipients, /En dehors de ces cas, vos données ne sont pas transférées/);
  });

  test('the policy and the notice give the same retention: "du dernier contact de votre part"', () => {
    assert.equal(plain(quoteRequestRetention), '3 ans à compter du dernier contact de votre part');
    assert.ok(section(privacy, 'duree-de-conservation').includes(plain(quoteRequestRetention)));
    assert.ok(plain(quote.privacy.retention).includes(plain(quoteRequestRetention)));
    assert.doesNotMatch(quote.privacy.retention, /notre dernier contact/);
  });

  test('the notice says what it speaks of: no unclear "Elles" nor "y"', () => {
    const notice = Object.values(quote.privacy).join(' ');
    assert.doesNotMatch(notice, /(?:^|\.\s)Elles\b/);
    assert.doesNotMatch(notice, /\by accéder\b/);
    assert.match(quote.privacy.rights, /accéder à vos données/);
  });
});

describe('cookie policy', () => {
  test('says plainly that the site sets no cookie and keeps one item in local storage for 6 months', () => {
    const used = section(cookies, 'cookies-utilises');
    assert.match(used, /Le site lui-même ne dépose aucun cookie\./);
    assert.ok(used.includes(`un seul élément dans le stockage local (localStorage)`));
    assert.ok(used.includes(`« ${consentConfig.storageKey} »), conservé ${consentConfig.durationLabel}`));
  });

  test('links to the CNIL, its browser page and a second, current, French-language source; no longer to allaboutcookies', () => {
    assert.equal(cookieInformationLinks.cnilBrowser.href, cnil.browserSettingsUrl);
    assert.equal(
      cnil.browserSettingsUrl,
      'https://www.cnil.fr/fr/cookies-et-autres-traceurs/comment-se-proteger/maitriser-votre-navigateur',
    );
    assert.doesNotMatch(cookieInformationLinks.other.href, /cnil\.fr|allaboutcookies/);
    assert.doesNotMatch(JSON.stringify(cookies), /allaboutcookies/);
  });

  test('the analytics category reads as what it is: no "anonymous statistics" that still need consent', () => {
    assert.doesNotMatch(JSON.stringify(cookies), /statistiques[^"]*anonymes/i);
  });
});

describe('CGV', () => {
  test('hold the legal-guarantee box of article D211-2 and its annex', () => {
    const box = cgv.sections
      .flatMap((item) => item.blocks)
      .find(
        (block): block is Extract<typeof block, { box: unknown }> =>
          'box' in block && /Garanties légales/.test(block.box.title),
      );
    assert.ok(box, 'the box is in the CGV');
    const text = plain(box.box.lines.flat().join(' '));
    for (const passage of [
      'Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien',
      'dans un délai de trente jours suivant sa demande, sans frais et sans inconvénient majeur pour lui',
      'une extension de six mois de la garantie initiale',
      '1° Le professionnel refuse de réparer ou de remplacer le bien ;',
      '4° La non-conformité du bien persiste',
      'articles L. 217-1 à L. 217-32 du code de la consommation',
      'amende civile d’un montant maximal de 300 000 euros',
      'articles 1641 à 1649 du code civil, pendant une durée de deux ans à compter de la découverte du défaut',
    ]) {
      assert.ok(text.includes(passage), passage);
    }
  });

  test('describe maintenance contracts: term, tacit renewal, termination (L215-1), emergency service for clients under contract', () => {
    const maintenance = section(cgv, 'contrats-de-maintenance');
    assert.match(maintenance, /conclu pour 1 an/);
    assert.match(maintenance, /reconduit tacitement/);
    assert.match(
      maintenance,
      /au plus tôt 3 mois et au plus tard 1 mois avant la fin de la période autorisant le rejet de la reconduction/,
    );
    assert.match(maintenance, /L215-1/);
    assert.match(maintenance, /Résiliation/);
    assert.match(
      maintenance,
      /service d’urgence 24 h\/24, 7 j\/7 est réservé aux clients titulaires d’un contrat de maintenance/,
    );
  });

  test('keep liability for a failure to diagnose and advise', () => {
    assert.match(section(cgv, 'responsabilite'), /Sauf manquement à notre obligation de diagnostic et de conseil/);
  });

  test('keep the proportional amount of L221-25 when withdrawal is "without fees"', () => {
    const cancellation = section(cgv, 'annulation');
    assert.match(cancellation, /aucuns frais d’annulation ne peuvent lui être demandés/);
    assert.match(cancellation, /montant proportionnel[^.]*\(article L221-25/);
    assert.match(section(cgv, 'retractation'), /montant proportionnel[^.]*\(article L221-25/);
  });

  test('state the cash limit instead of citing D112-3', () => {
    const payment = section(cgv, 'paiement');
    assert.ok(payment.includes(`espèces, dans la limite de ${plain(formatPrice(cashLimits.residentEuros))}`));
    assert.doesNotMatch(payment, /D112-3/);
  });

  test('the withdrawal form’s address line has one colon', () => {
    const line = cgv.sections
      .flatMap((item) => item.blocks)
      .flatMap((block) => ('box' in block ? block.box.lines : []))
      .map((parts) =>
        parts.map((part) => (typeof part === 'string' ? part : 'email' in part ? part.email : '')).join(''),
      )
      .find((text) => text.startsWith('À l’attention'));
    assert.ok(line);
    assert.equal(line.match(/:/g)?.length, 1, line);
  });

  test('the décennale wording matches everywhere: works constituting an "ouvrage"', () => {
    assert.ok(section(cgv, 'garanties').includes(plain(decennial.works)));
    assert.ok(plain(site.insurance.coverage).includes(plain(decennial.works)));
    assert.ok(plain(sectionText(mentionsLegales, 'editeur')).includes(plain(decennial.works)));
  });

  test('are dated by a fixed version, whose text is kept word for word', () => {
    assert.equal(cgv.updated, cgvVersion.date);
    const snapshot = cgvSnapshots[cgvVersion.date];
    assert.ok(snapshot, `content/legal/cgv-versions/${cgvVersion.date}.json exists (npm run cgv:snapshot)`);
    // Whether the text still matches is the go-live check's (deploy/render.ts): an owner who changes a
    // price changes the CGV, and records their new version before publishing, not before testing.
    assert.deepEqual(Object.keys(snapshot), Object.keys(JSON.parse(cgvSnapshotText(cgv)) as object));
  });

  test('list their versions newest first, the one in force first, each with the date it ended', () => {
    assert.equal(cgvVersions[0]?.date, cgvVersion.date);
    assert.equal(cgvVersions[0]?.current, true);
    assert.ok(cgvVersions.length >= 2, 'an earlier version is kept');
    for (const [index, version] of cgvVersions.entries()) {
      if (index === 0) continue;
      assert.equal(version.current, false);
      assert.equal(version.until, cgvVersions[index - 1]?.date);
      assert.ok(version.date < (version.until ?? ''));
    }
  });
});

describe('accessibility page', () => {
  const text = plain(JSON.stringify(accessibilite));

  test('names the standard followed and claims no conformity', () => {
    assert.match(text, /RGAA\), version 4\.1/);
    assert.match(text, /EN 301 549/);
    assert.match(section(accessibilite, 'etat-de-conformite'), /n’a pas encore fait l’objet d’un audit/);
    // "Nous ne déclarons donc pas qu’il est conforme" is the one way the page may say it.
    assert.doesNotMatch(text, /(?<!pas qu’)(?:site|il) est (?:partiellement |totalement )?conforme/);
  });

  test('gives the checks, the limits, another way by phone and e-mail, how to report, and the authorities', () => {
    assert.match(section(accessibilite, 'verifications'), /axe-core/);
    assert.match(section(accessibilite, 'limites-connues'), /\d secondes/);
    const other = accessibilite.sections.find((item) => item.id === 'autre-moyen');
    assert.ok(JSON.stringify(other).includes(JSON.stringify({ phone: site.phone })));
    assert.ok(JSON.stringify(other).includes(JSON.stringify({ email: site.email })));
    assert.match(section(accessibilite, 'signaler'), /écrivez-nous/);
    const recourse = section(accessibilite, 'voies-de-recours');
    assert.match(recourse, /Défenseur des droits/);
    assert.match(recourse, /DGCCRF/);
    assert.match(recourse, /L412-13 et L511-25-1/);
  });
});
