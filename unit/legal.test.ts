import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { photoHost } from '@/content/images';
import { accessibilite } from '@/content/legal/accessibilite';
import { goLive } from '@/content/go-live';
import { satisfactionClaim } from '@/content/home';
import { allConsentCategories } from '@/content/consent';
import { isSampleMediator, placeholders } from '@/content/placeholders';
import { cgv } from '@/content/legal/cgv';
import {
  cgvSnapshotText,
  cgvVersionDate,
  cgvVersionOn,
  cgvVersions,
  cgvVersionsPage,
  publishedDates,
} from '@/content/legal/cgv-version';
import { cgvSnapshots } from '@/content/legal/cgv-versions';
import type { LegalPageContent } from '@/content/legal/types';
import {
  accessibilityAudit,
  cashLimits,
  cnil,
  companyChoices,
  decennial,
  electronicContractKeep,
  inboxSessionCookie,
  mailProviders,
  quoteRequestRetention,
  retention,
} from '@/content/legal-facts';
import { mentionsLegales } from '@/content/legal/mentions-legales';
import {
  devisAcceptance,
  followUp,
  politiqueDeConfidentialite as privacy,
} from '@/content/legal/politique-de-confidentialite';
import {
  cookieInformationLinks,
  inboxCookie,
  politiqueDeCookies as cookies,
} from '@/content/legal/politique-de-cookies';
import { consentConfig } from '@/content/consent';
import { minimumCharge } from '@/content/pricing';
import { quote } from '@/content/quote';
import { reviewRules } from '@/content/review-rules';
import { site } from '@/content/site';
import { days, formatFrenchDay, formatPrice, months, years } from '@/lib/format';
import { goLiveProblems } from '../deploy/render';
import { sectionText } from './content-strings';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const section = (page: Parameters<typeof sectionText>[0], id: string) => plain(sectionText(page, id));
/** Whether the placeholder edited at `where` is pending; undefined when no placeholder is listed there. */
const pendingWhere = (where: string) => placeholders.find((item) => item.where === where)?.pending;

describe('go-live check', () => {
  test('flags the sample NAF code and the mediator’s sample e-mail, naming where to edit them', () => {
    assert.equal(site.nafCode, '3312Z – Réparation de machines et équipements mécaniques');
    assert.equal(site.mediator.email, 'contact@mediateur.example');
    assert.equal(pendingWhere('content/data/mise-en-ligne.json (nafCode)'), true);
    const problems = goLiveProblems({ placeholders, quoteEndpoint: '/api/devis' });
    assert.ok(problems.some((line) => line.includes('content/data/mise-en-ligne.json (nafCode)')));
    assert.equal(pendingWhere('content/data/mise-en-ligne.json (mediator)'), true);
    assert.ok(problems.some((line) => line.includes('content/data/mise-en-ligne.json (mediator)')));
    // A real name, address and website do not hide a sample e-mail.
    const real = {
      name: 'Médiation Consommation Sud',
      address: '1 rue du Port, 06600 Antibes',
      website: 'https://mediation-sud.fr',
    };
    assert.equal(isSampleMediator({ ...real, email: 'contact@mediateur.example' }), true);
    assert.equal(isSampleMediator({ ...real, email: 'saisine@mediation-sud.fr' }), false);
  });
});

describe('go-live questions', () => {
  test('are asked as questions, naming where to answer, while unanswered', () => {
    const questions = placeholders.filter((item) => item.question);
    assert.ok(questions.length >= 3);
    for (const item of questions) assert.match(item.what, /\?/);
    const problems = goLiveProblems({ placeholders, quoteEndpoint: '/api/devis' });
    for (const where of [
      'content/data/mise-en-ligne.json (satisfactionClaim)',
      'content/data/mise-en-ligne.json (companyChoices.goodsCollectedAtOurCost)',
      'content/data/mise-en-ligne.json (companyChoices.reusedPartsOffered)',
      'content/data/mise-en-ligne.json (mailProvidersInEuUnderContract)',
    ]) {
      const item = placeholders.find((placeholder) => placeholder.where === where);
      assert.ok(item?.question, where);
      assert.equal(
        problems.some((line) => line.startsWith('Question à trancher') && line.includes(`Répondez dans ${where}.`)),
        item.pending,
        where,
      );
    }
    assert.equal(
      pendingWhere('content/data/mise-en-ligne.json (satisfactionClaim)'),
      satisfactionClaim.satisfied && !satisfactionClaim.proofHeld,
    );
    // The mail relay and mailbox: in the EU and under a processing contract, as the privacy policy promises.
    assert.equal(
      pendingWhere('content/data/mise-en-ligne.json (mailProvidersInEuUnderContract)'),
      !mailProviders.inEuUnderContract,
    );
    const mail = placeholders.find(
      (item) => item.where === 'content/data/mise-en-ligne.json (mailProvidersInEuUnderContract)',
    );
    assert.match(mail?.what ?? '', /Union européenne.*contrat de sous-traitance/);
    // An answered question is no longer a problem.
    const answered = placeholders.map((item) => ({ ...item, pending: false }));
    assert.deepEqual(goLiveProblems({ placeholders: answered, quoteEndpoint: '/api/devis' }), []);
  });

  test('the minimum an intervention covers is a value to confirm', () => {
    assert.equal(pendingWhere('content/data/mise-en-ligne.json (minimumChargeConfirmed)'), minimumCharge.placeholder);
  });
});

describe('each legal text’s own date', () => {
  test('every page but the CGV is dated by its text, printed once as its last update; the CGV by their in-force date', () => {
    for (const page of [mentionsLegales, privacy, cookies, accessibilite] as LegalPageContent[]) {
      assert.match(page.updated, /^\d{4}-\d{2}-\d{2}$/, page.path);
      assert.equal(page.updatedLabel, undefined, page.path);
      assert.equal('version' in page, false, page.path);
    }
    assert.equal(cgv.updatedLabel, 'En vigueur depuis le');
  });

  test('the policies point to that date where they speak of their last change, without writing it a second time', () => {
    for (const page of [privacy, cookies]) {
      const changes = section(page, 'modifications');
      assert.match(changes, /La date de sa dernière mise à jour figure en bas de cette page/, page.path);
      assert.ok(!changes.includes(plain(formatFrenchDay(page.updated))), page.path);
    }
  });
});

describe('privacy policy and the notice under the quote form', () => {
  test('maintenance reminders are canvassing: sent by e-mail or phone only with consent, asked apart (L. 34-5 CPCE)', () => {
    const bases = section(privacy, 'bases-legales');
    assert.match(
      bases,
      /Rappels d’entretien, informations et offresun rappel d’entretien est une sollicitation commerciale/,
    );
    assert.match(
      bases,
      /qu’avec votre consentement \(article 6, paragraphe 1, a\), que nous vous demandons à part, sur le devis ou le contrat, jamais par le formulaire de demande de devis/,
    );
    assert.match(
      bases,
      /chaque message contient un lien pour ne plus en recevoir \(article L\. 34-5 du Code des postes/,
    );
    assert.match(
      bases,
      /Par téléphone, nous ne vous appelons pour un rappel d’entretien ou une offre qu’avec votre consentement préalable/,
    );
    assert.doesNotMatch(section(privacy, 'finalites'), /\(satisfaction, rappels d’entretien\)/);
    // Where the data are collected: nothing is sent without consent.
    assert.match(plain(quote.privacy.phone), /ni d’offre par e-mail sans votre accord/);
  });

  test('one rule for offers by e-mail, professionals included: consent, as the form promises; no objection the form never offers', () => {
    const text = plain(JSON.stringify(privacy));
    assert.match(
      section(privacy, 'bases-legales'),
      /Cette règle vaut pour les particuliers comme pour les professionnels\./,
    );
    assert.doesNotMatch(text, /intérêt légitime[^.]*offres|offres[^.]*intérêt légitime/);
    assert.doesNotMatch(text, /s’y opposer gratuitement lors de la collecte/);
  });

  test('keep client records for the relationship, then a set time; guarantee documents for their legal period; reviews by a consent of their own', () => {
    const retentionText = section(privacy, 'duree-de-conservation');
    assert.ok(
      retentionText.includes(
        `pendant toute la relation commerciale, puis ${retention.clientRecordYears} ans à compter de la fin du dernier contrat`,
      ),
    );
    assert.match(retentionText, /Documents liés aux garanties[^.]*pendant la durée des garanties légales/);
    assert.match(
      section(privacy, 'bases-legales'),
      /Publication des avis clientsvotre consentement, donné en cochant une case distincte/,
    );
  });

  test('name the safeguard of each transfer, claiming no clauses with Google (art. 13(1)(f))', () => {
    const recipients = section(privacy, 'destinataires');
    const google =
      recipients.match(
        /Lorsque vous acceptez l’affichage de la carte[^]*?aucune donnée n’est transmise à Google\./,
      )?.[0] ?? '';
    assert.match(google, /décision d’adéquation de la Commission européenne du 10 juillet 2023/);
    assert.match(google, /nous n’avons signé avec lui aucune clause contractuelle/);
    assert.doesNotMatch(google, /ainsi que par les clauses contractuelles types/);
    if (photoHost) {
      assert.ok(recipients.includes(`Ce transfert vers ${photoHost.company} repose sur cette décision d’adéquation`));
      assert.ok(section(privacy, 'bases-legales').includes(`chargées depuis les serveurs d’${photoHost.provider}`));
    }
  });

  test('the mended nits: the controller’s registration, one map that sets its cookies, « d’un mois »', () => {
    // The number, then « RCS » and the registry's town (C. com. R. 123-237), as everywhere else.
    assert.ok(
      section(privacy, 'responsable-du-traitement').includes(
        `${site.legalName}, ${plain(site.siren)} RCS ${site.rcsCity}, dont`,
      ),
    );
    assert.match(section(privacy, 'cookies'), /carte Google Maps de la page Contact, qui dépose ses propres cookies/);
    assert.match(section(privacy, 'vos-droits'), /dans un délai maximal d’un mois/);
  });

  test('the notice cites article 6, paragraph 1, b), lists the rights that apply to it, and the CNIL', () => {
    assert.match(plain(quote.privacy.controller), /article 6, paragraphe 1, b\), du RGPD/);
    assert.match(quote.privacy.rights, /en limiter le traitement ou en demander la portabilité/);
    assert.doesNotMatch(quote.privacy.rights, /opposer/);
    assert.match(plain(quote.privacy.policyText), /réclamation à la CNIL \(cnil\.fr\)/);
  });

  test('Google is a third party, not one of our processors; no joint controllership is claimed without its agreement (art. 26)', () => {
    const recipients = section(privacy, 'destinataires');
    const processorsSentence = recipients.match(/Nos sous-traitants[^.]*\./)?.[0] ?? '';
    assert.ok(processorsSentence, 'the processors are named');
    assert.doesNotMatch(processorsSentence, /Google/);
    assert.match(recipients, /Services tiers, responsables de leurs propres traitements/);
    assert.doesNotMatch(plain(JSON.stringify(privacy)), /responsables? conjoint/);
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
    assert.match(used, /Le site lui-même ne dépose aucun cookie chez ses visiteurs\./);
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
      'articles L. 217-1 à L. 217-32 du Code de la consommation',
      'amende civile d’un montant maximal de 300 000 euros',
      'articles 1641 à 1649 du Code civil, pendant une durée de deux ans à compter de la découverte du défaut',
    ]) {
      assert.ok(text.includes(passage), passage);
    }
  });

  test('describe maintenance contracts: term, tacit renewal, termination (L215-1), emergency service for clients under contract', () => {
    const maintenance = section(cgv, 'contrats-de-maintenance');
    assert.match(maintenance, /conclu pour un an/);
    assert.match(maintenance, /reconduit tacitement par périodes d’un an/);
    assert.match(
      maintenance,
      /au plus tôt 3 mois et au plus tard un mois avant la fin de la période autorisant le rejet de la reconduction/,
    );
    assert.match(maintenance, /L\. 215-1/);
    // On paper, or online as a devis: the online flow lets the team send a maintenance contract as a devis.
    assert.match(maintenance, /conclu sur papier \([^)]*\) ou en ligne, par l’acceptation d’un devis/);
    assert.doesNotMatch(maintenance, /par voie électronique/);
    assert.match(maintenance, /Résiliation/);
    assert.match(
      maintenance,
      /service d’urgence 24 h\/24, 7 j\/7 est réservé aux clients titulaires d’un contrat de maintenance/,
    );
  });

  test('keep liability for a failure to diagnose and advise, and exclude or limit it for professionals only', () => {
    const liability = section(cgv, 'responsabilite');
    const [professional, consumer] = liability.split('Client consommateur ou non professionnel :');
    assert.match(
      professional ?? '',
      /Client professionnel : sauf manquement à notre obligation de diagnostic et de conseil/,
    );
    assert.match(professional ?? '', /ne peut être engagée en cas de force majeure/);
    assert.match(consumer ?? '', /aucune de ces exclusions ou limitations ne lui est applicable/);
  });

  test('define the non-professional client they speak of', () => {
    assert.match(
      section(cgv, 'champ-d-application'),
      /non-professionnels : personnes morales qui n’agissent pas à des fins professionnelles/,
    );
  });

  test('say « à partir de » prices are real minimums, never indicative', () => {
    assert.match(section(cgv, 'services'), /prix « à partir de » affichés sur le site sont des prix minimaux/);
    for (const text of [JSON.stringify(cgv), JSON.stringify(mentionsLegales)]) {
      assert.doesNotMatch(plain(text), /prix[^"]*indicatifs|à titre indicatif[^"]*prix|prix[^"]*à titre indicatif/);
    }
  });

  test('word the off-premises payment ban and its urgent-repair exception as article L. 221-10 does', () => {
    const prices = section(cgv, 'prix-et-facturation');
    assert.match(prices, /aucun paiement ni aucune contrepartie, sous quelque forme que ce soit/);
    assert.match(
      prices,
      /en urgence au domicile du consommateur et expressément sollicités par lui, dans la limite des pièces de rechange et travaux strictement nécessaires pour répondre à l’urgence \(article L\. 221-10, 4°\)/,
    );
  });

  test('bill no travel for a failed visit, since travel within the included distance is free', () => {
    assert.doesNotMatch(plain(JSON.stringify(cgv)), /frais de déplacement réellement engagés|déplacement effectué/);
  });

  test('say what the phone number serves, and that no phone canvassing happens without consent (L. 223-1, L. 223-2)', () => {
    for (const text of [section(cgv, 'protection-des-donnees'), plain(quote.privacy.phone)]) {
      assert.match(text, /ne sert qu’à/);
      assert.match(text, /aucune prospection commerciale par téléphone sans (?:votre|son) consentement préalable/);
      assert.match(text, /L\. 223-1 et L\. 223-2/);
    }
  });

  test('give the durations of the warranties of articles 1792-3 and 1792-6', () => {
    const warranties = section(cgv, 'garanties');
    assert.match(
      warranties,
      /nous sommes responsables, pendant 10 ans à compter de la réception des travaux, des dommages/,
    );
    assert.match(warranties, /\(article 1792-3\), pendant 2 ans/);
    assert.match(warranties, /\(article 1792-6\), pendant un an/);
  });

  test('say the legal guarantees cover the goods sold, and the services their proper performance, with how to claim the contractual guarantee', () => {
    const warranties = section(cgv, 'garanties');
    assert.match(warranties, /nous répondons de leur bonne exécution[^.]*\(article 1231-1 du Code civil\)/);
    assert.match(
      warranties,
      /garanties légales de conformité et des vices cachés ci-dessous portent, elles, sur les biens que nous vendons/,
    );
    assert.match(warranties, /il suffit de nous signaler le défaut pendant la durée de la garantie/);
    assert.match(warranties, /Elle est gratuite/);
    assert.ok(warranties.includes(`par e-mail à ${site.email}`));
  });

  test('cover withdrawal from a contract for services alone and from one with goods: its start, the goods’ return and its cost', () => {
    const withdrawal = section(cgv, 'retractation');
    assert.match(withdrawal, /de la conclusion du contrat, pour un contrat qui ne porte que sur des services/);
    assert.match(
      withdrawal,
      /de la réception des biens par le consommateur, pour un contrat qui comprend aussi la fourniture de biens/,
    );
    assert.match(withdrawal, /articles L\. 221-1 et L\. 221-18/);
    assert.match(withdrawal, /Retour des biens/);
    assert.match(withdrawal, /\(article L\. 221-23 du Code de la consommation\)/);
    assert.match(
      withdrawal,
      companyChoices.goodsCollectedAtOurCost.choice
        ? /nous venons les reprendre nous-mêmes, à nos frais/
        : /les frais directs de renvoi sont à sa charge/,
    );
    assert.match(
      withdrawal,
      /par le même moyen de paiement que celui utilisé pour la transaction initiale, sauf accord exprès du consommateur pour un autre moyen, sans frais pour lui \(article L\. 221-24/,
    );
    assert.doesNotMatch(withdrawal, /Pour une prestation de services, le délai court/);
  });

  test('take a quote as signed and returned, as the withdrawal terms say, and give a dated copy off premises (L. 221-9)', () => {
    const orders = section(cgv, 'devis-et-commandes');
    assert.match(orders, /nous le renvoie par courrier ou par e-mail/);
    assert.match(
      orders,
      /un exemplaire daté du contrat, sur papier ou, s’il l’accepte, sur un autre support durable[^.]*\(article L\. 221-9/,
    );
    const withdrawal = section(cgv, 'retractation');
    assert.match(
      withdrawal,
      /à distance \(par exemple un devis accepté en ligne, ou signé et renvoyé par courrier ou par e-mail\)/,
    );
    assert.doesNotMatch(withdrawal, /sans que nous nous soyons rencontrés/);
    assert.doesNotMatch(plain(JSON.stringify(cgv)), /téléphone, sans rencontre/);
  });

  test('announce a renewed maintenance contract’s price before the last day to refuse it, or keep the current price (R. 212-1, 3°)', () => {
    const maintenance = section(cgv, 'contrats-de-maintenance');
    assert.match(
      maintenance,
      /le prix de chaque nouvelle période au plus tard un mois avant la date limite à laquelle il peut refuser la reconduction/,
    );
    assert.match(maintenance, /à défaut, le prix de la période qui s’achève reste applicable/);
    assert.doesNotMatch(maintenance, /indiqué au client avant l’échéance/);
  });

  test('set the jurisdiction clause apart, for merchants only (article 48 of the Code de procédure civile)', () => {
    const law = cgv.sections.find((item) => item.id === 'droit-applicable');
    const box = law?.blocks.find((block) => 'box' in block);
    assert.ok(box && 'box' in box, 'a framed box');
    const text = plain(JSON.stringify(box.box));
    assert.match(text, /Client commerçant/);
    assert.match(text, /article 48 du Code de procédure civile/);
    assert.doesNotMatch(section(cgv, 'droit-applicable'), /Client professionnel :/);
  });

  test('write one as a word, and call the CGV by their name', () => {
    const text = plain(JSON.stringify(cgv));
    assert.doesNotMatch(text, /\b1 (?:an|mois)\b/);
    assert.match(section(cgv, 'champ-d-application'), /Les présentes CGV sont remises avec chaque devis/);
    assert.match(section(cgv, 'mediation'), /au plus tard un an après/);
  });

  test('offer reused parts for household and IT repairs, or leave the sentence out when the company does none', () => {
    const prices = section(cgv, 'prix-et-facturation');
    assert.equal(prices.includes('pièces issues de l’économie circulaire'), companyChoices.reusedPartsOffered.choice);
  });

  test('give the emergency number the contact page shows', () => {
    const maintenance = cgv.sections.find((item) => item.id === 'contrats-de-maintenance');
    assert.ok(JSON.stringify(maintenance).includes(JSON.stringify({ phone: site.emergencyPhone })));
  });

  test('keep the proportional amount of L221-25 when withdrawal is "without fees"', () => {
    const cancellation = section(cgv, 'annulation');
    assert.match(cancellation, /aucuns frais d’annulation ne peuvent lui être demandés/);
    assert.match(cancellation, /montant proportionnel[^.]*\(article L\. 221-25/);
    assert.match(section(cgv, 'retractation'), /montant proportionnel[^.]*\(article L\. 221-25/);
  });

  test('state the cash limit instead of citing D112-3', () => {
    const payment = section(cgv, 'paiement');
    assert.ok(payment.includes(`espèces, dans la limite de ${plain(formatPrice(cashLimits.residentEuros))}`));
    assert.doesNotMatch(payment, /D\.?\s?112-3/);
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

  test('are dated by their newest kept version, or by the go-live for a version written before it, and their text is kept word for word', () => {
    assert.equal(
      cgvVersionDate,
      Object.keys(cgvSnapshots).sort().at(-1),
      'the newest snapshot is the version in force',
    );
    assert.equal(cgv.updated, cgvVersionDate < goLive.date ? goLive.date : cgvVersionDate);
    const snapshot = cgvSnapshots[cgvVersionDate];
    assert.ok(snapshot, `content/legal/cgv-versions/${cgvVersionDate}.json exists (npm run cgv:snapshot)`);
    // Whether the text still matches is the go-live check's (deploy/render.ts): an owner who changes a
    // price changes the CGV, and records their new version before publishing, not before testing.
    assert.deepEqual(Object.keys(snapshot), Object.keys(JSON.parse(cgvSnapshotText(cgv)) as object));
  });

  test('the version of 28 November 2026 is kept word for word, as the earlier ones', () => {
    // Publications from the inbox add newer versions (docs/publication.md): 28 November is the oldest in force.
    assert.ok(cgvVersionDate >= '2026-11-28', cgvVersionDate);
    for (const date of ['2026-11-25', '2026-11-26', '2026-11-28']) assert.ok(cgvSnapshots[date], date);
    const kept = cgvSnapshots['2026-11-28'];
    assert.ok(kept);
    // The earlier text said the version of the acceptance day applies; the new one, the devis's date.
    assert.match(plain(JSON.stringify(cgvSnapshots['2026-11-26'])), /en vigueur à la date d’acceptation du devis/);
    assert.match(
      section(cgv, 'modifications'),
      /celles en vigueur à la date du devis accepté, dont le devis indique la version/,
    );
    assert.doesNotMatch(plain(JSON.stringify(cgv)), /date d’acceptation du devis/);
    assert.match(cgvVersionsPage.intro, /celles en vigueur à la date du devis accepté\.$/);
    assert.doesNotMatch(
      JSON.stringify(cgvVersionsPage),
      /jour de l’acceptation|devis acceptés depuis|devis acceptés pendant/,
    );
  });

  test('describe the online acceptance: three steps, correction before confirming, French, archive and access (C. civ. 1127-1)', () => {
    const orders = section(cgv, 'devis-et-commandes');
    assert.match(
      orders,
      /conclu en langue française, en trois étapes : le client saisit ses nom et prénom et coche la case « Bon pour accord »[^;]*; il reçoit un code de confirmation par e-mail[^;]*; il confirme son acceptation en saisissant ce code\./,
    );
    assert.match(
      orders,
      /Avant de confirmer, il vérifie le récapitulatif de sa commande et peut revenir au devis pour corriger sa saisie/,
    );
    assert.ok(
      orders.includes(
        `jusqu’à l’exécution des travaux, puis pendant ${electronicContractKeep.years} ans ; le client peut y accéder à tout moment`,
      ),
      orders,
    );
    assert.match(orders, /article 1127-1 du Code civil/);
  });

  test('no contradiction left: cancellation fees, distance and premises, VAT date (S12)', () => {
    const maintenance = section(cgv, 'contrats-de-maintenance');
    assert.match(
      maintenance,
      /en ligne et sans frais de démarche[^.]*les conséquences financières d’une annulation sont celles de la section « #annulationAnnulation »/,
    );
    assert.doesNotMatch(maintenance, /en ligne et sans frais depuis/);
    const withdrawal = section(cgv, 'retractation');
    assert.match(
      withdrawal,
      /Ce droit ne s’applique pas aux contrats signés dans nos locaux, sauf s’ils le sont immédiatement après une sollicitation personnelle et individuelle du consommateur hors de nos locaux \(article L\. 221-1\)/,
    );
    assert.match(
      withdrawal,
      /accepté à distance immédiatement après que nous l’avons sollicité personnellement hors de nos locaux/,
    );
    const prices = section(cgv, 'prix-et-facturation');
    assert.match(
      prices,
      /au taux en vigueur à la date d’exigibilité de la taxe ; le prix TTC d’un devis accepté ne change qu’en cas de modification légale du taux/,
    );
    assert.doesNotMatch(prices, /au jour de la facturation/);
  });

  test('a version replaced before the go-live is not published; the first kept one is dated by the go-live', () => {
    assert.deepEqual(publishedDates(['2026-11-22', '2026-11-23', '2026-11-25'], '2026-12-01'), [
      { written: '2026-11-25', date: '2026-12-01' },
    ]);
    assert.deepEqual(publishedDates(['2026-11-22', '2026-12-01', '2027-03-15'], '2026-12-01'), [
      { written: '2026-12-01', date: '2026-12-01' },
      { written: '2027-03-15', date: '2027-03-15' },
    ]);
    assert.deepEqual(publishedDates(['2027-03-15', '2026-11-20', '2027-01-10'], '2026-12-01'), [
      { written: '2026-11-20', date: '2026-12-01' },
      { written: '2027-01-10', date: '2027-01-10' },
      { written: '2027-03-15', date: '2027-03-15' },
    ]);
  });

  test('a devis is governed by the version in force on its date, the first one before any', () => {
    const entry = (date: string) => ({ date, written: date, current: false, href: date, content: cgv });
    const versions = [entry('2027-03-15'), entry('2027-01-10'), entry('2026-12-01')];
    assert.equal(cgvVersionOn('2027-03-14', versions).date, '2027-01-10');
    assert.equal(cgvVersionOn('2027-03-15', versions).date, '2027-03-15');
    assert.equal(cgvVersionOn('2028-01-01', versions).date, '2027-03-15');
    assert.equal(cgvVersionOn('2026-11-28', versions).date, '2026-12-01');
    assert.equal(cgvVersionOn('2030-01-01').written, cgvVersionDate);
  });

  test('publish no version before the go-live date, which is a value to confirm before going live', () => {
    assert.ok(cgvVersions.length > 0);
    for (const version of cgvVersions) assert.ok(version.date >= goLive.date, version.date);
    assert.equal(cgvVersions.at(-1)?.date, goLive.date);
    assert.equal(pendingWhere('content/data/mise-en-ligne.json (goLive)'), goLive.placeholder);
  });

  test('list their versions newest first, the one in force first, each with the date it ended', () => {
    assert.equal(cgvVersions[0]?.written, cgvVersionDate);
    assert.equal(cgvVersions[0]?.current, true);
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
    assert.match(text, /RGAA\), version 4\.1\.2/);
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
    assert.match(recourse, /\(article L\. 412-13 du Code de la consommation\)/);
    assert.doesNotMatch(text, /511-25-1/);
  });

  test('says that the company is not exempt and that the audit is planned for the go-live, a question until it is ordered', () => {
    const state = section(accessibilite, 'etat-de-conformite');
    assert.match(
      state,
      new RegExp(`Avec ${site.staff} salariés, notre entreprise n’est pas une microentreprise dispensée`),
    );
    assert.ok(
      state.includes(
        `un audit complet par un prestataire indépendant est prévu pour celle-ci, le ${plain(formatFrenchDay(goLive.date))}`,
      ),
    );
    assert.doesNotMatch(state, /2027/);
    const question = placeholders.find(
      (item) => item.where === 'content/data/mise-en-ligne.json (accessibilityAuditOrdered)',
    );
    assert.equal(question?.question, true);
    assert.equal(question?.pending, !accessibilityAudit.ordered);
  });

  test('says that a line with the request’s reference stays above the cleared form', () => {
    assert.match(
      section(accessibilite, 'limites-connues'),
      /une ligne qui rappelle l’envoi et la référence de votre demande reste affichée/,
    );
  });
});

describe('one statement of what the site stores, and for how long', () => {
  test('the banner calls the consent entry « Stockage nécessaire », kept as long as the policy says', () => {
    const necessary = allConsentCategories.find((item) => item.id === 'necessary');
    assert.equal(necessary?.label, 'Stockage nécessaire');
    assert.equal(plain(necessary?.lifetime ?? ''), '6 mois');
    assert.equal(plain(consentConfig.durationLabel), '6 mois');
    const text = plain(JSON.stringify(cookies));
    assert.doesNotMatch(text, /nos propres cookies|la session ou \d+ mois|Session ou/);
    assert.match(
      section(cookies, 'duree-de-conservation'),
      /Le site lui-même ne dépose aucun cookie chez ses visiteurs\./,
    );
    assert.match(section(cookies, 'duree-de-conservation'), /ont la durée de vie que Google leur fixe/);
  });

  test('browsing data (the web server’s logs) are kept 12 months', () => {
    assert.match(
      section(privacy, 'duree-de-conservation'),
      /Données de navigation \(journaux de notre serveur web\)12 mois au maximum/,
    );
  });
});

describe('the clients’ reviews in the privacy policy', () => {
  test('what is kept: the rating, the text, the name shown, the devis, the dates, the e-mail, the refusal reason', () => {
    const collected = section(privacy, 'donnees-collectees');
    assert.match(
      collected,
      /Données des avis clientsla note, le texte et le nom à afficher que vous saisissez ; le devis auquel votre avis se rapporte ; les dates/,
    );
    assert.match(collected, /l’adresse e-mail à laquelle nous adressons la demande d’avis/);
    assert.match(collected, /le motif pour lequel nous refusons un avis/);
  });

  test('why: the one request on legitimate interest, with its opt-out; the publication on consent, withdrawn by deleting', () => {
    assert.match(section(privacy, 'finalites'), /vous demander une fois votre avis sur les travaux/);
    const bases = section(privacy, 'bases-legales');
    assert.match(
      bases,
      /Demande d’avis après les travauxnotre intérêt légitime à connaître l’avis de nos clients sur nos travaux \(article 6, paragraphe 1, f\)/,
    );
    assert.ok(bases.includes(`un seul e-mail, ${days(reviewRules.requestAfterDays)} après la fin des travaux`));
    assert.match(bases, /« ne plus recevoir ce type de message »/);
    assert.match(bases, /en supprimant votre avis avec le même lien ou en nous écrivant/);
  });

  test('how long: the link, the published review from its publication; a refused or deleted one is erased', () => {
    const retention = section(privacy, 'duree-de-conservation');
    assert.ok(
      retention.includes(
        `Avis clients publiés${years(reviewRules.keepYears)} à compter de leur publication, puis ils sont retirés du site et effacés`,
      ),
      retention,
    );
    assert.ok(retention.includes(`le lien personnel de la demande fonctionne ${months(reviewRules.linkValidMonths)}`));
    assert.match(retention, /un avis refusé, ou que vous supprimez, est effacé/);
  });

  test('who sees them: every visitor the published ones, the team alone the rest', () => {
    const recipients = section(privacy, 'destinataires');
    assert.match(recipients, /Les avis clients publiés \(la note, le texte, le nom choisi par leur auteur/);
    assert.match(recipients, /sont visibles par tous les visiteurs du site/);
    assert.match(recipients, /ne sont vus que par notre équipe/);
  });
});

describe('the notice under the form, with the company’s own receiver', () => {
  test('says where the request is stored and that it travels through the mail provider, not "no other provider"', () => {
    assert.doesNotMatch(quote.privacy.selfHosted, /sans passer par un autre prestataire/);
    assert.match(plain(quote.privacy.selfHosted), /enregistrée sur notre serveur, chez notre hébergeur/);
    assert.match(plain(quote.privacy.selfHosted), /par notre prestataire de messagerie électronique/);
  });
});

/** The texts of unit/fixtures/privacy-texts.ts: those that depend on where the quote requests go. */
type BuiltTexts = Record<
  | 'recipients'
  | 'notice'
  | 'collected'
  | 'purposes'
  | 'bases'
  | 'retention'
  | 'rights'
  | 'privacyCookies'
  | 'cookiesUsed'
  | 'cookieRetention',
  string
>;

/** The policies' and the notice's texts as a build with these variables writes them. */
const built = (env: Record<string, string>) =>
  JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'privacy-texts.ts')], {
      env: { ...process.env, NEXT_PUBLIC_QUOTE_ENDPOINT: '', NEXT_PUBLIC_QUOTE_PROCESSOR: '', ...env },
      encoding: 'utf8',
    }),
  ) as BuiltTexts;

describe('the team’s inbox, with the company’s own receiver', () => {
  const own = built({ NEXT_PUBLIC_QUOTE_ENDPOINT: '/api/devis' });
  const others = [
    built({}),
    built({
      NEXT_PUBLIC_QUOTE_ENDPOINT: 'https://formulaires.example/f/abc',
      NEXT_PUBLIC_QUOTE_PROCESSOR: 'Formulaires Express Inc.',
    }),
  ];

  test('the privacy policy says what the follow-up holds, that it is kept and erased with the request, and that access covers it', () => {
    assert.ok(own.collected.includes(plain(followUp.collectedIntro)));
    assert.ok(own.collected.includes(`${plain(followUp.collected.term)}${plain(followUp.collected.details)}`));
    assert.match(
      own.collected,
      /notes de notre équipe.*statut.*date et l’heure de notre rappel avec le nom de la personne qui vous a rappelé.*membre de l’équipe chargé/,
    );
    assert.doesNotMatch(
      own.collected,
      /Nous collectons uniquement les données nécessaires, directement auprès de vous ou lors de votre navigation :/,
    );
    assert.ok(own.purposes.includes(plain(followUp.purpose)));
    assert.ok(own.retention.includes(`${plain(followUp.retention.term)}${plain(followUp.retention.details)}`));
    assert.match(own.retention, /conservé avec votre demande, pour la même durée, et effacé avec elle/);
    assert.ok(own.rights.includes(plain(followUp.access)));
    for (const texts of others) {
      assert.ok(!texts.collected.includes(plain(followUp.collected.term)));
      assert.ok(!texts.rights.includes(plain(followUp.access)));
      assert.ok(!texts.retention.includes(plain(followUp.retention.term)));
    }
  });

  test('the privacy policy covers the online acceptance of a devis: what, why, on which basis, how long', () => {
    const entry = (part: { term: string; details: string }) => `${plain(part.term)}${plain(part.details)}`;
    assert.ok(own.collected.includes(entry(devisAcceptance.collected)));
    assert.match(
      own.collected,
      /nom et prénom que vous saisissez.*« Bon pour accord ».*commencent avant la fin du délai de rétractation.*date et l’heure de chaque étape.*adresse IP et le navigateur.*empreinte du code de confirmation, jamais le code lui-même.*empreinte numérique du devis accepté/,
    );
    assert.ok(own.purposes.includes(plain(devisAcceptance.purpose)));
    assert.match(own.purposes, /signez électroniquement.*articles 1366 et 1367 du Code civil/);
    assert.ok(own.bases.includes(entry(devisAcceptance.basis)));
    assert.ok(
      own.bases.includes(
        `un devis de ${plain(formatPrice(electronicContractKeep.thresholdEuros))} TTC ou plus : conserver le contrat conclu par voie électronique`,
      ),
    );
    assert.match(
      own.bases,
      /article L\. 213-1 du Code de la consommation ; article 6, paragraphe 1, c du RGPD\) ; pour tout devis, notre intérêt légitime/,
    );
    assert.ok(own.retention.includes(entry(devisAcceptance.retention)));
    assert.ok(
      own.retention.includes(`jusqu’à l’exécution des travaux, puis ${electronicContractKeep.years} ans`),
      own.retention,
    );
    assert.match(own.retention, /même si vous demandez leur effacement[^.]*article 17, paragraphe 3, b/);
    assert.match(own.retention, /n’a pas été accepté[^.]*conservé avec votre demande/);
    // The 12 months of browsing data are the server's logs; the acceptance's address and browser follow the devis.
    assert.ok(
      own.retention.includes(
        `Données de navigation (journaux de notre serveur web)${retention.browsingDataMonths} mois au maximum. L’adresse IP et le navigateur enregistrés avec l’acceptation d’un devis sont conservés avec lui`,
      ),
      own.retention,
    );
    for (const texts of others) {
      assert.ok(!texts.collected.includes(plain(devisAcceptance.collected.term)));
      assert.ok(!texts.retention.includes(plain(devisAcceptance.retention.term)));
      assert.ok(texts.retention.includes('Données de navigation (journaux de notre serveur web)'));
    }
  });

  test('the cookie policy names the inbox’s session cookie, staff only and strictly necessary, with its name and lifetime', () => {
    assert.ok(own.cookiesUsed.includes(`${plain(inboxCookie.title)}${plain(inboxCookie.text)}`));
    assert.ok(own.cookiesUsed.includes(`« ${inboxSessionCookie.name} »`));
    assert.match(own.cookiesUsed, /uniquement chez les membres de l’équipe qui s’y connectent/);
    assert.match(own.cookiesUsed, /Strictement nécessaire .* ne requiert pas de consentement/);
    assert.ok(own.cookiesUsed.includes(`au plus tard ${inboxSessionCookie.maxDays} jours après la connexion`));
    assert.ok(own.cookiesUsed.includes(`après ${inboxSessionCookie.idleHours} heures sans activité`));
    assert.ok(own.cookieRetention.includes(plain(inboxCookie.retention)));
    assert.match(own.privacyCookies, /seul l’espace privé de notre équipe dépose un cookie de connexion/);
    for (const texts of others) {
      assert.ok(!texts.cookiesUsed.includes(inboxSessionCookie.name));
      assert.ok(!texts.cookieRetention.includes(plain(inboxCookie.retention)));
      assert.doesNotMatch(texts.privacyCookies, /espace privé/);
    }
  });
});

describe('a third-party form service (NEXT_PUBLIC_QUOTE_PROCESSOR)', () => {
  test('is named with its transfer outside the EU whenever one is configured', () => {
    const withService = built({
      NEXT_PUBLIC_QUOTE_ENDPOINT: 'https://formulaires.example/f/abc',
      NEXT_PUBLIC_QUOTE_PROCESSOR: 'Formulaires Express Inc.',
    });
    assert.match(
      withService.recipients,
      /reçues par Formulaires Express Inc\., notre prestataire de réception des demandes, qui peut les conserver ou les traiter hors de l’Union européenne/,
    );
    assert.match(
      withService.notice,
      /confié à Formulaires Express Inc\., qui peut les traiter hors de l’Union européenne/,
    );
  });

  test('is not mentioned by a build that sends to the company’s own receiver, or simulates', () => {
    for (const env of [{ NEXT_PUBLIC_QUOTE_ENDPOINT: '/api/devis' }, {}] as Record<string, string>[]) {
      const texts = built(env);
      assert.doesNotMatch(texts.recipients, /prestataire de réception des demandes/);
      assert.match(texts.recipients, /En dehors de ces cas, vos données ne sont pas transférées/);
    }
  });
});
