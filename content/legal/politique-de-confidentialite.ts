import { typeset } from '@/lib/typography';
import { analyticsScript, consentTexts } from '../consent';
import { photoHost } from '../images';
import { formProcessorName, selfHostedReceiver } from '../quote-delivery';
import { fullAddress, maps, site } from '../site';
import { days, deName, fillTemplate, formatPrice, months, years } from '@/lib/format';
import {
  cnil,
  decennial,
  electronicContractKeep,
  phoneUse,
  privacyResponseMonths,
  quoteRequestRetention,
  retention,
  terms,
} from '../legal-facts';
import { definitions, email, external, link, list, p, phone, strong, subheading } from './blocks';
import type { LegalPageContent } from './types';
import { paths } from '../navigation';
import { reviewRules } from '../review-rules';

/**
 * The processors acting on our instructions (RGPD art. 28): the host and, when the form really sends
 * requests, the third-party form service, or the mail provider that carries our own receiver's e-mails.
 */
const processors = [
  'hébergeur',
  ...(formProcessorName ? ['réception des demandes de devis'] : []),
  ...(selfHostedReceiver ? ['messagerie électronique'] : []),
];

/** With the company's own receiver (receiver/): where the requests are kept, and who carries its e-mails. */
export const selfHostedRecipient = `notre prestataire de messagerie électronique, qui transmet à notre équipe les demandes de devis enregistrées sur notre propre serveur, chez notre hébergeur, et vous envoie l’e-mail de confirmation lorsque nous vous en adressons un ;`;

/**
 * With the company's own receiver, the team follows each request up in its inbox (receiver/src/inbox/): what
 * that adds about the person (RGPD art. 12 to 15), said where the policy lists the data, their retention and
 * the right of access. Plain strings: the page typesets them with the rest.
 */
export const followUp = {
  collectedIntro:
    'Nous collectons uniquement les données nécessaires, directement auprès de vous ou lors de votre navigation ; en traitant votre demande, notre équipe y ajoute les données de son suivi :',
  collected: {
    term: 'Données du suivi de votre demande',
    details:
      'les notes de notre équipe, le statut de la demande (par exemple « Rappelée » ou « Devis envoyé ») et l’historique de ses changements, la date et l’heure de notre rappel avec le nom de la personne qui vous a rappelé, et le membre de l’équipe chargé de votre demande.',
  },
  purpose:
    'assurer le suivi de votre demande : vous rappeler, noter ce qui a été convenu, la confier à un membre de l’équipe ;',
  retention: {
    term: 'Suivi de votre demande (notes, statuts, rappel, attribution)',
    details: 'conservé avec votre demande, pour la même durée, et effacé avec elle.',
  },
  access:
    'Le droit d’accès couvre aussi le suivi de votre demande : sur simple demande, nous vous communiquons les notes de notre équipe, les statuts et leur historique, la date de notre rappel et le nom de la personne qui l’a fait, et le membre de l’équipe chargé de votre demande.',
};

/**
 * With the company's own receiver, a client accepts a devis online (receiver/src/client/) and the receiver keeps
 * the proof of that acceptance with the devis (docs/devis.md): what it holds, why, on which basis and how long
 * (RGPD art. 13), said where the policy lists the data, the purposes, the bases and the retention. The
 * acceptance form links here. Plain strings: the page typesets them with the rest.
 */
export const devisAcceptance = {
  collected: {
    term: 'Données de l’acceptation en ligne d’un devis',
    details:
      'les nom et prénom que vous saisissez et, pour un professionnel, la qualité en laquelle vous signez ; les cases que vous cochez, avec leur texte exact, dont « Bon pour accord » et, le cas échéant, votre demande que les travaux commencent avant la fin du délai de rétractation ; la date et l’heure de chaque étape (envoi du devis, ouverture du lien, demande et confirmation du code, acceptation, refus ou rétractation) ; l’adresse e-mail à laquelle le code vous est envoyé ; l’adresse IP et le navigateur utilisés à chaque étape ; l’empreinte du code de confirmation, jamais le code lui-même ; l’empreinte numérique du devis accepté, qui permet de vérifier qu’il n’a pas été modifié.',
  },
  purpose:
    'prouver la conclusion et le contenu du contrat que vous signez électroniquement en acceptant un devis en ligne (articles 1366 et 1367 du Code civil), et vous en permettre l’accès pendant sa conservation ;',
  basis: {
    term: 'Acceptation en ligne d’un devis et sa preuve',
    details: `le respect d’une obligation légale pour un devis de ${formatPrice(electronicContractKeep.thresholdEuros)} TTC ou plus : conserver le contrat conclu par voie électronique et vous en garantir l’accès (article L. 213-1 du Code de la consommation ; article 6, paragraphe 1, c du RGPD) ; pour tout devis, notre intérêt légitime à pouvoir prouver la conclusion et le contenu du contrat (article 6, paragraphe 1, f).`,
  },
  retention: {
    term: 'Devis acceptés en ligne et leur preuve d’acceptation',
    details: `jusqu’à l’exécution des travaux, puis ${years(electronicContractKeep.years)} (articles L. 213-1, D. 213-1 et D. 213-2 du Code de la consommation) ; nous les conservons alors même si vous demandez leur effacement, car ils sont nécessaires au respect de cette obligation légale et à la preuve du contrat (article 17, paragraphe 3, b et e du RGPD). Un devis qui n’a pas été accepté, avec ses données de consultation, est conservé avec votre demande, pour la même durée, et effacé avec elle.`,
  },
};

/**
 * The clients' reviews (content/reviews.ts, docs/contenu.md): the one request after the works, the review
 * written through its personal link, its publication by the rules the site states (RGPD art. 13). Said where
 * the policy lists the data, the purposes, the bases, the recipients and the retention; the numbers are those
 * of content/review-rules.ts. Plain strings: the page typesets them with the rest.
 */
export const clientReviews = {
  collected: {
    term: 'Données des avis clients',
    details:
      'la note, le texte et le nom à afficher que vous saisissez ; le devis auquel votre avis se rapporte ; les dates de la fin des travaux, de la demande d’avis, de l’envoi, de la modification et de la publication de votre avis, et celle de notre réponse ; l’adresse e-mail à laquelle nous adressons la demande d’avis et, le cas échéant, votre choix de ne plus recevoir ce type de message ; le motif pour lequel nous refusons un avis.',
  },
  purpose:
    'vous demander une fois votre avis sur les travaux que nous avons réalisés, et publier sur le site, tels que vous les avez écrits, les avis dont vous acceptez la publication, sous le nom que vous choisissez ;',
  request: {
    term: 'Demande d’avis après les travaux',
    details: `notre intérêt légitime à connaître l’avis de nos clients sur nos travaux (article 6, paragraphe 1, f) : un seul e-mail, ${days(reviewRules.requestAfterDays)} après la fin des travaux, sans aucune offre commerciale. Vous pouvez vous y opposer par le lien « ne plus recevoir ce type de message » de cet e-mail, ou en nous écrivant.`,
  },
  publication: {
    term: 'Publication des avis clients',
    details:
      'votre consentement, donné en cochant une case distincte lorsque vous écrivez votre avis (article 6, paragraphe 1, a) : publier votre avis et le nom que vous choisissez n’est nécessaire à aucun contrat, et c’est à vous d’en décider. Vous pouvez le retirer à tout moment, en supprimant votre avis avec le même lien ou en nous écrivant : il est alors retiré du site à la publication suivante. La vérification des avis, leur refus éventuel et le motif que nous vous en donnons répondent à nos obligations légales (article L. 111-7-2 du Code de la consommation ; article 6, paragraphe 1, c).',
  },
  recipients:
    'Les avis clients publiés (la note, le texte, le nom choisi par leur auteur, la date des travaux, celle de la publication et notre éventuelle réponse) sont visibles par tous les visiteurs du site. Les avis non publiés, l’adresse e-mail de leur auteur, le devis auquel ils se rapportent et le motif d’un refus ne sont vus que par notre équipe.',
  retention: {
    request: {
      term: 'Demandes d’avis et avis non publiés',
      details: `le lien personnel de la demande fonctionne ${months(reviewRules.linkValidMonths)} ; un avis refusé, ou que vous supprimez, est effacé. La date de la demande et votre éventuel choix de ne plus en recevoir sont conservés avec le devis, pour sa durée.`,
    },
    published: {
      term: 'Avis clients publiés',
      details: `${years(reviewRules.keepYears)} à compter de leur publication, puis ils sont retirés du site et effacés ; plus tôt si vous supprimez votre avis ou retirez votre consentement : il est alors retiré du site à la publication suivante.`,
    },
  },
};

/** The day this text last changed (ISO): its last-updated line. Change it with the text. */
const updated = '2026-11-29';

/**
 * With a third-party form service (NEXT_PUBLIC_QUOTE_PROCESSOR): it may keep the requests outside the EU,
 * so the policy names it and the transfer. {prestataire} is its name.
 */
export const processorTransfer =
  'Les demandes envoyées par le formulaire de devis sont reçues par {prestataire}, notre prestataire de réception des demandes, qui peut les conserver ou les traiter hors de l’Union européenne, notamment aux États-Unis. Ce transfert est encadré par une décision d’adéquation de la Commission européenne ou, à défaut, par ses clauses contractuelles types, intégrées à notre contrat avec ce prestataire (articles 45 et 46 du RGPD). Vous pouvez en obtenir une copie en nous écrivant.';

/** /politique-de-confidentialite: RGPD art. 13. Twelve sections. */
export const politiqueDeConfidentialite = typeset({
  meta: {
    title: 'Politique de confidentialité',
    description: `Comment ${site.name} traite vos données personnelles : données collectées, finalités, bases légales, durées de conservation et vos droits.`,
  },
  path: paths.privacy,
  title: 'Politique de confidentialité',
  intro: 'Comment nous collectons, utilisons et protégeons vos données personnelles.',
  sections: [
    {
      id: 'introduction',
      title: 'Introduction',
      blocks: [
        p(
          `${site.legalName} attache une grande importance à la protection de vos données personnelles. La présente politique vous informe sur la manière dont nous les traitons lorsque vous consultez ce site, nous contactez ou nous adressez une demande de devis, conformément au règlement (UE) 2016/679 du 27 avril 2016 (règlement général sur la protection des données, « RGPD ») et à la loi n° 78-17 du 6 janvier 1978 modifiée, dite loi Informatique et Libertés.`,
        ),
      ],
    },
    {
      id: 'responsable-du-traitement',
      title: 'Responsable du traitement',
      blocks: [
        p(
          `Le responsable du traitement est la société ${site.legalName}, ${site.rcs}, dont le siège social est situé ${fullAddress}, représentée par ${site.director.name}, ${site.director.role.toLowerCase()}.`,
        ),
        p(
          'Nous n’avons pas désigné de délégué à la protection des données (DPO), cette désignation n’étant pas obligatoire pour notre activité. Pour toute question relative à vos données, écrivez à ',
          email(site.privacyEmail),
          '.',
        ),
      ],
    },
    {
      id: 'donnees-collectees',
      title: 'Données collectées',
      blocks: [
        p(
          selfHostedReceiver
            ? followUp.collectedIntro
            : 'Nous collectons uniquement les données nécessaires, directement auprès de vous ou lors de votre navigation :',
        ),
        definitions(
          ['Données d’identification', 'nom et prénom, adresse e-mail, numéro de téléphone.'],
          [
            'Données relatives à votre projet',
            'type de prestation demandée, lieu d’intervention, description du projet et, si vous le souhaitez, documents joints (photos, plans, cahier des charges).',
          ],
          ['Données de navigation', 'adresse IP, type de navigateur, pages consultées, date et heure de la visite.'],
          ...(selfHostedReceiver
            ? [
                [followUp.collected.term, followUp.collected.details] as [string, string],
                [devisAcceptance.collected.term, devisAcceptance.collected.details] as [string, string],
              ]
            : []),
          [clientReviews.collected.term, clientReviews.collected.details],
        ),
        p(
          'Dans le formulaire de demande de devis, tous les champs sont obligatoires, à l’exception du document joint, qui est facultatif : sans ces informations, nous ne pouvons pas étudier votre demande ni vous répondre.',
        ),
        p(
          'Nous ne collectons aucune donnée sensible (santé, opinions, etc.). Merci de ne pas en indiquer dans la description de votre projet ou dans les documents joints.',
        ),
      ],
    },
    {
      id: 'finalites',
      title: 'Finalités du traitement',
      blocks: [
        p('Vos données sont utilisées pour :'),
        list(
          'répondre à vos demandes de contact et de devis, et établir nos devis ;',
          ...(selfHostedReceiver ? [followUp.purpose, devisAcceptance.purpose] : []),
          'exécuter nos prestations : planification des interventions, facturation, service après-vente et garanties ;',
          'assurer le suivi de la relation client (service après-vente, questions sur votre satisfaction) ;',
          clientReviews.purpose,
          'vous adresser des rappels d’entretien, nos informations et nos offres, par e-mail ou par téléphone, uniquement si vous l’avez accepté ;',
          'assurer le bon fonctionnement et la sécurité du site ;',
          'respecter nos obligations légales, notamment comptables et fiscales.',
        ),
        p('Vos données ne font l’objet d’aucune décision automatisée ni d’aucun profilage.'),
      ],
    },
    {
      id: 'bases-legales',
      title: 'Bases légales',
      blocks: [
        p('Chaque traitement repose sur l’une des bases légales prévues par l’article 6 du RGPD :'),
        definitions(
          [
            'Demandes de devis et de contact',
            'mesures précontractuelles prises à votre demande (article 6, paragraphe 1, b du RGPD).',
          ],
          ['Exécution des prestations', 'exécution du contrat conclu avec vous (article 6, paragraphe 1, b).'],
          ...(selfHostedReceiver
            ? [[devisAcceptance.basis.term, devisAcceptance.basis.details] as [string, string]]
            : []),
          [
            'Suivi de la relation client',
            'notre intérêt légitime à assurer la qualité de nos services et le service après-vente (article 6, paragraphe 1, f).',
          ],
          [
            'Rappels d’entretien, informations et offres',
            `un rappel d’entretien est une sollicitation commerciale : nous ne vous en adressons, pas plus que nos informations et offres, qu’avec votre consentement (article 6, paragraphe 1, a), que nous vous demandons à part, sur le devis ou le contrat, jamais par le formulaire de demande de devis, et que vous pouvez retirer à tout moment. Cette règle vaut pour les particuliers comme pour les professionnels. Par e-mail, chaque message contient un lien pour ne plus en recevoir (article L. 34-5 du Code des postes et des communications électroniques). ${phoneUse.privacy}`,
          ],
          [
            'Fonctionnement et sécurité du site',
            'notre intérêt légitime à fournir un site fiable et sécurisé (article 6, paragraphe 1, f).',
          ],
          ['Obligations comptables et fiscales', 'le respect d’une obligation légale (article 6, paragraphe 1, c).'],
          [
            'Résiliation d’un contrat en ligne',
            'le respect d’une obligation légale : vous permettre de résilier en ligne et vous en accuser réception (article L. 215-1-1 du Code de la consommation ; article 6, paragraphe 1, c).',
          ],
          [clientReviews.request.term, clientReviews.request.details],
          [clientReviews.publication.term, clientReviews.publication.details],
          [
            `Carte ${maps.provider} et cookies non nécessaires`,
            'votre consentement (article 82 de la loi Informatique et Libertés et article 6, paragraphe 1, a du RGPD).',
          ],
          ...(photoHost
            ? [
                [
                  'Affichage des photos du site',
                  `notre intérêt légitime à illustrer nos services par des photos, chargées depuis les serveurs ${deName(photoHost.provider)} (article 6, paragraphe 1, f).`,
                ] as [string, string],
              ]
            : []),
        ),
      ],
    },
    {
      id: 'destinataires',
      title: 'Destinataires des données',
      blocks: [
        p('Vos données sont destinées aux seules personnes qui ont besoin d’en connaître :'),
        list(
          'les membres habilités de notre équipe, dans la limite de leurs attributions ;',
          `notre hébergeur, ${site.host.name} (${site.host.address}), qui héberge le site ;`,
          ...(formProcessorName
            ? [`${formProcessorName}, qui reçoit pour notre compte les demandes envoyées par le formulaire de devis ;`]
            : []),
          ...(selfHostedReceiver ? [selfHostedRecipient] : []),
          'notre expert-comptable et, sur demande, les autorités administratives ou judiciaires habilitées.',
        ),
        p(clientReviews.recipients),
        p(
          `Nos sous-traitants (${processors.join(', ')}) agissent sur nos instructions et sont tenus à la confidentialité et à la sécurité de vos données (article 28 du RGPD). Nous ne vendons ni ne louons vos données.`,
        ),
        subheading('Services tiers, responsables de leurs propres traitements'),
        p(
          'Les services suivants n’agissent pas pour notre compte : chacun est responsable des traitements qu’il effectue avec les données qu’il reçoit.',
        ),
        list(
          ...[
            [
              strong(`Google (${maps.provider})`),
              `, uniquement si vous choisissez d’afficher la carte de la page Contact. Votre navigateur transmet alors à Google vos données de connexion (adresse IP, caractéristiques du navigateur, page consultée) ; Google les utilise selon sa `,
              external(maps.privacyUrl, 'politique de confidentialité'),
              photoHost ? ' ;' : '.',
            ],
            ...(photoHost
              ? [
                  [
                    strong(`${photoHost.provider} (${photoHost.company})`),
                    `, qui fournit les photos du site : votre navigateur les charge depuis ses serveurs (${photoHost.host}) et lui transmet alors, comme à tout serveur qui fournit un contenu, votre adresse IP, les caractéristiques de votre navigateur et l’adresse de la page consultée. ${photoHost.provider} les utilise selon sa `,
                    external(photoHost.privacyUrl, 'charte de protection des données'),
                    '.',
                  ],
                ]
              : []),
          ],
        ),
        subheading('Transferts hors de l’Union européenne'),
        p(
          `Lorsque vous acceptez l’affichage de la carte ${maps.provider}, Google LLC peut recevoir aux États-Unis des données de connexion (adresse IP, données de navigation). Ce transfert est encadré par la décision d’adéquation de la Commission européenne du 10 juillet 2023 relative au cadre de protection des données UE–États-Unis (EU-US Data Privacy Framework), auquel Google LLC a adhéré (article 45 du RGPD). Google agissant pour son propre compte, selon ses propres conditions, nous n’avons signé avec lui aucune clause contractuelle pour ce transfert. Sans votre accord, la carte n’est pas chargée et aucune donnée n’est transmise à Google.`,
        ),
        ...(photoHost
          ? [
              p(
                `Les photos sont fournies par ${photoHost.company}, société établie au ${photoHost.country}, pays reconnu par la Commission européenne comme assurant un niveau de protection adéquat (décision 2002/2/CE du 20 décembre 2001). Ce transfert vers ${photoHost.company} repose sur cette décision d’adéquation (article 45 du RGPD). Les serveurs qui diffusent ses images sont répartis dans le monde : la réponse à votre navigateur peut venir d’un serveur situé hors de l’Union européenne, notamment aux États-Unis, exploité pour son compte ; ${photoHost.provider} agissant pour son propre compte, nous n’avons signé avec lui aucune clause contractuelle pour ce transfert. Il a lieu à chaque affichage d’une page comportant des photos (accueil, services, à propos).`,
              ),
            ]
          : []),
        ...(formProcessorName ? [p(fillTemplate(processorTransfer, { prestataire: formProcessorName }))] : []),
        p('En dehors de ces cas, vos données ne sont pas transférées hors de l’Union européenne.'),
      ],
    },
    {
      id: 'duree-de-conservation',
      title: 'Durée de conservation',
      blocks: [
        p('Nous conservons vos données pendant la durée strictement nécessaire aux finalités poursuivies :'),
        definitions(
          ['Demandes de devis', `${quoteRequestRetention}, si elles ne donnent pas lieu à un contrat.`],
          ...(selfHostedReceiver
            ? [
                [followUp.retention.term, followUp.retention.details] as [string, string],
                [devisAcceptance.retention.term, devisAcceptance.retention.details] as [string, string],
              ]
            : []),
          [
            'Dossiers clients (coordonnées, interventions, service après-vente)',
            `pendant toute la relation commerciale, puis ${years(retention.clientRecordYears)} à compter de la fin du dernier contrat ou du dernier contact de votre part.`,
          ],
          [
            'Documents liés aux garanties (devis, procès-verbaux de réception, rapports d’intervention)',
            `pendant la durée des garanties légales qui s’y attachent et des délais pour agir, soit jusqu’à ${years(terms.decennialYears)} après la réception des ${decennial.works} (garantie décennale).`,
          ],
          [
            'Contrats clients et factures',
            `${years(retention.contractYears)}, au titre de nos obligations légales (article L. 123-22 du Code de commerce).`,
          ],
          [
            'Demandes de résiliation',
            `${years(retention.terminationProofYears)} à compter de la date où la résiliation prend effet, durée pendant laquelle une contestation reste possible (article 2224 du Code civil) ; nous les gardons alors comme preuve, même si vous demandez leur effacement (article 17, paragraphe 3, e du RGPD).`,
          ],
          [
            'Données de navigation (journaux de notre serveur web)',
            `${months(retention.browsingDataMonths)} au maximum.${selfHostedReceiver ? ' L’adresse IP et le navigateur enregistrés avec l’acceptation d’un devis sont conservés avec lui, pour sa durée (ci-dessus).' : ''}`,
          ],
          [clientReviews.retention.request.term, clientReviews.retention.request.details],
          [clientReviews.retention.published.term, clientReviews.retention.published.details],
          [
            'Consentement à la prospection',
            `${years(retention.marketingConsentYears)}, ou jusqu’au retrait de votre consentement s’il intervient avant.`,
          ],
        ),
        p('À l’issue de ces durées, vos données sont supprimées ou rendues anonymes.'),
      ],
    },
    {
      id: 'vos-droits',
      title: 'Vos droits',
      blocks: [
        p('Conformément aux articles 15 à 22 du RGPD, vous disposez des droits suivants sur vos données :'),
        list(
          [strong('droit d’accès'), ' : savoir si nous traitons vos données et en obtenir une copie ;'],
          [strong('droit de rectification'), ' : faire corriger des données inexactes ou incomplètes ;'],
          [
            strong('droit à l’effacement'),
            ' : obtenir la suppression de vos données, dans les cas prévus par la loi ;',
          ],
          [
            strong('droit à la limitation du traitement'),
            ' : faire suspendre l’utilisation de vos données, par exemple le temps de vérifier leur exactitude ;',
          ],
          [
            strong('droit à la portabilité'),
            ' : recevoir les données que vous nous avez fournies dans un format structuré et couramment utilisé, ou les faire transmettre à un tiers ;',
          ],
          [
            strong('droit d’opposition'),
            ' : vous opposer aux traitements fondés sur notre intérêt légitime et, à tout moment et sans motif, à la prospection ;',
          ],
          [
            strong('droit de retirer votre consentement'),
            ' à tout moment, sans remettre en cause les traitements effectués avant ce retrait.',
          ],
        ),
        ...(selfHostedReceiver ? [p(followUp.access)] : []),
        p(
          'Vous pouvez également définir des directives relatives au sort de vos données après votre décès (article 85 de la loi Informatique et Libertés).',
        ),
        p(
          'Pour exercer ces droits, écrivez-nous par e-mail à ',
          email(site.privacyEmail),
          ` ou par courrier à ${site.legalName}, ${fullAddress}. Nous vous répondrons dans un délai maximal ${deName(months(privacyResponseMonths))} à compter de la réception de votre demande. En cas de doute raisonnable sur votre identité, nous pourrons vous demander un justificatif.`,
        ),
        p(
          `Vous avez aussi le droit d’introduire une réclamation auprès de la ${cnil.name}, ${cnil.address}, ou en ligne sur `,
          external(cnil.website, cnil.websiteLabel),
          '.',
        ),
      ],
    },
    {
      id: 'securite',
      title: 'Sécurité',
      blocks: [
        p(
          'Nous mettons en œuvre des mesures techniques et organisationnelles adaptées pour protéger vos données contre la perte, l’accès non autorisé, l’altération ou la divulgation : connexion chiffrée (HTTPS), accès limité aux personnes habilitées, prestataires tenus à la confidentialité.',
        ),
        p(
          'En cas de violation de données susceptible d’engendrer un risque pour vos droits, nous la notifierons à la CNIL et, lorsque la loi l’exige, aux personnes concernées (articles 33 et 34 du RGPD).',
        ),
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies',
      blocks: [
        p(
          `Le site lui-même ne dépose aucun cookie chez ses visiteurs${selfHostedReceiver ? ' (seul l’espace privé de notre équipe dépose un cookie de connexion, chez ses seuls membres)' : ''} : il garde seulement votre choix en matière de cookies dans le stockage local de votre navigateur. Uniquement avec votre accord, il charge la carte ${maps.provider} de la page Contact${analyticsScript ? ' et notre outil de mesure d’audience, qui déposent leurs propres cookies' : ', qui dépose ses propres cookies'}. Le détail et la manière de gérer vos choix sont décrits dans notre `,
          link(paths.cookies, 'politique de cookies'),
          `. Vous pouvez modifier vos choix à tout moment grâce au lien « ${consentTexts.manageLink} » en bas de chaque page.`,
        ),
      ],
    },
    {
      id: 'modifications',
      title: 'Modifications',
      blocks: [
        p(
          `Nous pouvons modifier la présente politique, notamment pour tenir compte d’une évolution de la réglementation ou de nos traitements. La date de sa dernière mise à jour figure en bas de cette page. En cas de changement important, nous vous en informerons par un message sur le site ou par e-mail.`,
        ),
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [
        p('Pour toute question sur cette politique ou sur vos données personnelles :'),
        definitions(
          ['E-mail', email(site.privacyEmail)],
          ['Courrier', `${site.legalName}, ${fullAddress}`],
          ['Téléphone', phone(site.phone)],
        ),
      ],
    },
  ],
  updated,
} satisfies LegalPageContent);
