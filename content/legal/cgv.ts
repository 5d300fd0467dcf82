import { days, deName, formatPrice, months, percent, withoutProtocol, years } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { responsePromise } from '../commitments';
import { paths } from '../navigation';
import { startingPrice, vatRates } from '../pricing';
import { services } from '../services';
import { fullAddress, site } from '../site';
import { box, definitions, email, external, link, list, p, phone, strong, subheading } from './blocks';
import { cgvInForceSince, cgvVersion } from './cgv-version';
import {
  companyChoices,
  decennial,
  electronicContractKeep,
  maintenanceContract,
  partsSentence,
  phoneUse,
  terms,
} from '../legal-facts';
import type { LegalPageContent } from './types';
import { withdrawalForm } from '../withdrawal-form';

const contract = maintenanceContract;

/**
 * /cgv: services sold to consumers and professionals. Eighteen sections. The text in force is dated by the
 * newest version kept word for word in cgv-versions/ (cgv-version.ts): a change of this text, or of a fact it
 * cites, needs a new version (npm run cgv:snapshot; a publication from the inbox takes it itself).
 */
export const cgv = typeset({
  meta: {
    title: 'Conditions générales de vente',
    description: `Conditions générales de vente ${deName(site.name)} : devis, prix, paiement, garanties, rétractation, annulation et médiation.`,
  },
  path: paths.terms,
  title: 'Conditions générales de vente',
  intro: 'Les conditions applicables à nos prestations, pour les particuliers comme pour les professionnels.',
  sections: [
    {
      id: 'champ-d-application',
      title: 'Champ d’application',
      blocks: [
        p(
          `Les présentes conditions générales de vente (CGV) s’appliquent à toutes les prestations réalisées par ${site.legalName}, ${site.rcs}, dont le siège social est situé ${fullAddress} (ci-après « nous »), pour ses clients (ci-après « le client »), qu’ils soient :`,
        ),
        list(
          [
            strong('consommateurs'),
            ' : personnes physiques agissant à des fins qui n’entrent pas dans le cadre de leur activité commerciale, industrielle, artisanale, libérale ou agricole (article liminaire du Code de la consommation) ;',
          ],
          [
            strong('non-professionnels'),
            ' : personnes morales qui n’agissent pas à des fins professionnelles, comme un syndicat de copropriétaires (article liminaire du Code de la consommation) ;',
          ],
          [
            strong('professionnels'),
            ' : personnes physiques ou morales agissant pour les besoins de leur activité professionnelle.',
          ],
        ),
        p(
          'Lorsque les règles diffèrent selon que le client est consommateur ou professionnel, les présentes CGV le précisent. Le client non professionnel bénéficie des clauses prévues pour le client consommateur, à l’exception du droit de rétractation et du recours au médiateur de la consommation, que la loi réserve au consommateur. Les présentes CGV sont remises avec chaque devis et consultables à tout moment sur ce site ; l’acceptation du devis vaut acceptation des CGV. Les conditions particulières figurant au devis prévalent sur les présentes CGV. Aucune clause des CGV ne prive le consommateur des droits que lui reconnaît la loi.',
        ),
      ],
    },
    {
      id: 'services',
      title: 'Services',
      blocks: [
        p(
          `Nous proposons, en ${site.serviceArea.charAt(0).toLowerCase()}${site.serviceArea.slice(1)}, les prestations suivantes :`,
        ),
        list(...services.map((service) => `${service.title} : à partir de ${startingPrice(service)}.`)),
        p(
          'Les prix « à partir de » affichés sur le site sont des prix minimaux : aucune de ces prestations n’est facturée moins cher. Le devis fixe le contenu exact de chaque prestation, ses conditions d’exécution et son prix, calculé à partir de nos tarifs (taux horaire, frais de déplacement), publiés sur la page ',
          link(`${paths.services}#tarifs`, 'Nos services'),
          '.',
        ),
        p(
          'Nous proposons aussi des contrats de maintenance, décrits à la section « ',
          link('#contrats-de-maintenance', 'Contrats de maintenance'),
          ' ». Les informations sur l’accessibilité de nos services en ligne figurent sur la page ',
          link(paths.accessibility, 'Accessibilité'),
          '.',
        ),
      ],
    },
    {
      id: 'devis-et-commandes',
      title: 'Devis et commandes',
      blocks: [
        p(
          `Toute prestation fait l’objet d’un devis écrit préalable, établi ${site.quote.free ? 'gratuitement et sans engagement' : 'sur demande'}. À réception d’une demande de devis complète, nous rappelons le client ${responsePromise.delay} et lui indiquons alors quand suivra son devis. Aucun travail n’est entrepris avant l’acceptation écrite du devis.`,
        ),
        p(
          `Le devis détaille les prestations, leur prix hors taxes et toutes taxes comprises, les éventuels frais de déplacement et acompte, ainsi que la date ou le délai d’intervention. Il est valable ${days(site.quote.validityDays)} à compter de sa date d’émission.`,
        ),
        p(
          'La commande est formée par l’acceptation du devis, en ligne ou sur papier. Sur papier, le client date et signe le devis avec la mention « Bon pour accord », puis nous le remet en main propre ou nous le renvoie par courrier ou par e-mail (devis signé numérisé). Tout travail supplémentaire fait l’objet d’un devis complémentaire, accepté dans les mêmes formes.',
        ),
        subheading('Acceptation en ligne'),
        p(
          `Le devis que nous envoyons par e-mail peut être accepté en ligne, depuis le lien personnel qu’il contient. Le contrat est alors conclu en langue française, en trois étapes : le client saisit ses nom et prénom et coche la case « Bon pour accord » (et, s’il le souhaite, demande que les travaux commencent avant la fin du délai de rétractation) ; il reçoit un code de confirmation par e-mail, à l’adresse à laquelle le devis lui a été envoyé ; il confirme son acceptation en saisissant ce code. Avant de confirmer, il vérifie le récapitulatif de sa commande et peut revenir au devis pour corriger sa saisie (article 1127-2 du Code civil). Nous lui confirmons aussitôt l’acceptation par e-mail, avec le devis accepté et la preuve de son acceptation.`,
        ),
        p(
          `Nous archivons le devis accepté en ligne et sa preuve d’acceptation jusqu’à l’exécution des travaux, puis pendant ${years(electronicContractKeep.years)} ; le client peut y accéder à tout moment en nous en demandant une copie à `,
          email(site.email),
          ' (article 1127-1 du Code civil ; articles L. 213-1 et D. 213-2 du Code de la consommation).',
        ),
        p(
          'Pour un contrat conclu hors établissement avec un consommateur (par exemple signé à son domicile), nous lui remettons un exemplaire daté du contrat, sur papier ou, s’il l’accepte, sur un autre support durable, accompagné des présentes CGV et du formulaire de rétractation (article L. 221-9 du Code de la consommation). Pour un contrat conclu à distance, nous lui adressons sur support durable une confirmation du contrat, accompagnée des mêmes documents, au plus tard avant le début de la prestation (article L. 221-13).',
        ),
      ],
    },
    {
      id: 'prix-et-facturation',
      title: 'Prix et facturation',
      blocks: [
        p(
          'Nos prix sont exprimés en euros hors taxes (HT) et majorés de la TVA au taux en vigueur à la date d’exigibilité de la taxe ; le prix TTC d’un devis accepté ne change qu’en cas de modification légale du taux applicable. Les prix affichés sur le site et le devis remis au client consommateur indiquent également le prix toutes taxes comprises (TTC).',
        ),
        p(vatRates),
        p(
          `Pour les chantiers importants, un acompte de ${percent(terms.depositPercent)} du montant du devis peut être demandé à la commande ; il est alors mentionné sur le devis. Pour un contrat conclu hors établissement avec un consommateur, nous ne pouvons recevoir aucun paiement ni aucune contrepartie, sous quelque forme que ce soit, avant l’expiration d’un délai de ${days(terms.offPremisesPaymentDelayDays)} à compter de sa conclusion (article L. 221-10 du Code de la consommation). Seuls y échappent les travaux d’entretien ou de réparation à réaliser en urgence au domicile du consommateur et expressément sollicités par lui, dans la limite des pièces de rechange et travaux strictement nécessaires pour répondre à l’urgence (article L. 221-10, 4°).`,
        ),
        p(
          `Les déplacements au-delà de ${terms.travelIncludedKm} km ${deName(site.address.city)} peuvent être facturés en supplément, selon le tarif publié sur notre site ; leur montant est alors indiqué sur le devis.`,
        ),
        p(partsSentence),
        p(
          'Une facture est établie à la fin de la prestation ou, pour les chantiers longs, à chaque étape prévue au devis.',
        ),
      ],
    },
    {
      id: 'paiement',
      title: 'Paiement',
      blocks: [
        p('Nos factures sont payables à réception, sans escompte pour paiement anticipé, par :'),
        list(
          ...terms.paymentMethods.map(
            (method, index) => `${method}${index === terms.paymentMethods.length - 1 ? '.' : ' ;'}`,
          ),
        ),
        subheading('Retard de paiement'),
        p(
          strong('Client professionnel :'),
          ` tout retard de paiement entraîne de plein droit, sans rappel préalable, des pénalités de retard égales à ${terms.latePaymentRateMultiplier} fois le taux d’intérêt légal, dues à compter du jour suivant la date d’échéance, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de ${formatPrice(terms.recoveryFeeEuros)} (articles L. 441-10 et D. 441-5 du Code de commerce). Une indemnisation complémentaire peut être demandée, sur justificatif, lorsque les frais de recouvrement exposés dépassent ce montant.`,
        ),
        p(
          strong('Client consommateur :'),
          ' aucune pénalité forfaitaire ni indemnité de recouvrement ne lui est applicable. Les sommes restant dues après une mise en demeure de payer portent intérêt au taux légal (article 1344-1 du Code civil).',
        ),
      ],
    },
    {
      id: 'delais',
      title: 'Délais d’intervention',
      blocks: [
        p(
          'La date ou le délai d’intervention figure sur le devis. Nous prévenons le client sans délai de tout empêchement et convenons avec lui d’une nouvelle date.',
        ),
        p(
          strong('Client consommateur :'),
          ` à défaut de date convenue, la prestation est exécutée sans retard injustifié et au plus tard ${days(terms.consumerDefaultPerformanceDays)} après la conclusion du contrat (article L. 216-1 du Code de la consommation). Si elle n’est pas exécutée dans ce délai, le consommateur peut, après nous avoir enjoint de l’exécuter dans un délai supplémentaire raisonnable, résoudre le contrat (article L. 216-6).`,
        ),
        p(
          strong('Client professionnel :'),
          ' les délais sont donnés à titre indicatif, sauf date ferme expressément convenue au devis.',
        ),
        p(
          'Aucune des parties n’est responsable d’un retard ou d’une inexécution dus à un cas de force majeure (article 1218 du Code civil).',
        ),
      ],
    },
    {
      id: 'obligations-du-client',
      title: 'Obligations du client',
      blocks: [
        p('Pour que la prestation se déroule dans de bonnes conditions, le client :'),
        list(
          'donne un libre accès au lieu d’intervention et aux équipements concernés, à la date convenue ;',
          'nous communique les informations utiles sur ses équipements et ses locaux (plans, notices, historique des pannes, risques particuliers tels que la présence d’amiante) ;',
          'met à disposition l’électricité, l’eau et l’éclairage nécessaires à l’intervention ;',
          'obtient les autorisations éventuellement nécessaires (copropriété, bailleur, administration) ;',
          'utilise et entretient ses équipements conformément à nos préconisations et aux notices des fabricants.',
        ),
        p(
          'Si l’intervention ne peut avoir lieu du fait du client (absence non signalée, accès impossible), nous convenons avec lui d’une nouvelle date.',
        ),
      ],
    },
    {
      id: 'garanties',
      title: 'Garanties',
      blocks: [
        subheading('Garantie contractuelle'),
        p(
          `Nos interventions sont garanties ${years(terms.warrantyYears)} à compter de leur achèvement, pièces et main-d’œuvre, contre tout défaut résultant de notre travail. Sont exclus l’usure normale, une utilisation non conforme, un défaut d’entretien et l’intervention d’un tiers. Cette garantie s’ajoute aux garanties légales ci-dessous, sans les réduire.`,
        ),
        p(
          `Pour la mettre en œuvre, il suffit de nous signaler le défaut pendant la durée de la garantie, par e-mail à `,
          email(site.email),
          ', par téléphone au ',
          phone(site.phone),
          ` ou par courrier. Elle est gratuite : nous intervenons sans frais de déplacement, de pièces ni de main-d’œuvre pour remédier au défaut.`,
        ),
        subheading('Nos prestations'),
        p(
          'Pour nos prestations elles-mêmes (entretien, réparation, installation, conseil), nous répondons de leur bonne exécution : en cas d’inexécution ou de mauvaise exécution, le client peut obtenir réparation du préjudice qu’il subit (article 1231-1 du Code civil), en plus de la garantie contractuelle ci-dessus. Les garanties légales de conformité et des vices cachés ci-dessous portent, elles, sur les biens que nous vendons (pièces, équipements).',
        ),
        subheading('Garanties légales'),
        list(
          [
            strong('Garantie légale de conformité'),
            ` (articles L. 217-3 et suivants du Code de la consommation) : pour le client consommateur, les biens que nous fournissons (pièces, équipements) sont garantis contre les défauts de conformité qui apparaissent dans un délai de ${years(terms.conformityGuaranteeYears)} à compter de leur délivrance, y compris ceux qui résultent de leur installation lorsque celle-ci est prévue au contrat. Le consommateur a droit à la mise en conformité du bien par réparation ou remplacement ou, à défaut, à une réduction du prix ou à la résolution du contrat.`,
          ],
          [
            strong('Garantie des vices cachés'),
            ` (articles 1641 et suivants du Code civil) : elle peut être mise en œuvre dans un délai de ${years(terms.hiddenDefectsYears)} à compter de la découverte du vice (article 1648).`,
          ],
          [
            strong('Garantie décennale'),
            ` (articles 1792 et suivants du Code civil) : pour les ${decennial.works}, nous sommes responsables, pendant ${years(terms.decennialYears)} à compter de la réception des travaux, des dommages qui compromettent la solidité de l’ouvrage ou le rendent impropre à sa destination. S’y ajoutent, le cas échéant, la garantie de bon fonctionnement des éléments d’équipement (article 1792-3), pendant ${years(terms.goodFunctioningYears)}, et la garantie de parfait achèvement (article 1792-6), pendant ${years(terms.perfectCompletionYears)}, à compter de la réception.`,
          ],
        ),
        p(
          `Assurances : ${site.insurance.coverage}, auprès de ${site.insurance.insurer} (contrat n° ${site.insurance.policy}). Couverture géographique : ${site.insurance.area}.`,
        ),
        box(
          'Garanties légales des biens vendus au consommateur',
          `Le consommateur dispose d’un délai de deux ans à compter de la délivrance du bien pour obtenir la mise en œuvre de la garantie légale de conformité en cas d’apparition d’un défaut de conformité. Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité et non la date d’apparition de celui-ci.`,
          'Lorsque le contrat de vente du bien prévoit la fourniture d’un contenu numérique ou d’un service numérique de manière continue pendant une durée supérieure à deux ans, la garantie légale est applicable à ce contenu numérique ou ce service numérique tout au long de la période de fourniture prévue. Durant ce délai, le consommateur n’est tenu d’établir que l’existence du défaut de conformité affectant le contenu numérique ou le service numérique et non la date d’apparition de celui-ci.',
          'La garantie légale de conformité emporte obligation pour le professionnel, le cas échéant, de fournir toutes les mises à jour nécessaires au maintien de la conformité du bien.',
          'La garantie légale de conformité donne au consommateur droit à la réparation ou au remplacement du bien dans un délai de trente jours suivant sa demande, sans frais et sans inconvénient majeur pour lui.',
          'Si le bien est réparé dans le cadre de la garantie légale de conformité, le consommateur bénéficie d’une extension de six mois de la garantie initiale.',
          'Si le consommateur demande la réparation du bien, mais que le vendeur impose le remplacement, la garantie légale de conformité est renouvelée pour une période de deux ans à compter de la date de remplacement du bien.',
          'Le consommateur peut obtenir une réduction du prix d’achat en conservant le bien ou mettre fin au contrat en se faisant rembourser intégralement contre restitution du bien, si :',
          '1° Le professionnel refuse de réparer ou de remplacer le bien ;',
          '2° La réparation ou le remplacement du bien intervient après un délai de trente jours ;',
          '3° La réparation ou le remplacement du bien occasionne un inconvénient majeur pour le consommateur, notamment lorsque le consommateur supporte définitivement les frais de reprise ou d’enlèvement du bien non conforme, ou s’il supporte les frais d’installation du bien réparé ou de remplacement ;',
          '4° La non-conformité du bien persiste en dépit de la tentative de mise en conformité du vendeur restée infructueuse.',
          'Le consommateur a également droit à une réduction du prix du bien ou à la résolution du contrat lorsque le défaut de conformité est si grave qu’il justifie que la réduction du prix ou la résolution du contrat soit immédiate. Le consommateur n’est alors pas tenu de demander la réparation ou le remplacement du bien au préalable.',
          'Le consommateur n’a pas droit à la résolution de la vente si le défaut de conformité est mineur.',
          'Toute période d’immobilisation du bien en vue de sa réparation ou de son remplacement suspend la garantie qui restait à courir jusqu’à la délivrance du bien remis en état.',
          'Les droits mentionnés ci-dessus résultent de l’application des articles L. 217-1 à L. 217-32 du Code de la consommation.',
          'Le vendeur qui fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une amende civile d’un montant maximal de 300 000 euros, qui peut être porté jusqu’à 10 % du chiffre d’affaires moyen annuel (article L. 241-5 du Code de la consommation).',
          'Le consommateur bénéficie également de la garantie légale des vices cachés en application des articles 1641 à 1649 du Code civil, pendant une durée de deux ans à compter de la découverte du défaut. Cette garantie donne droit à une réduction de prix si le bien est conservé ou à un remboursement intégral contre restitution du bien.',
        ),
      ],
    },
    {
      id: 'responsabilite',
      title: 'Responsabilité',
      blocks: [
        p(
          'Nous exécutons nos prestations avec soin, dans les règles de l’art et conformément aux normes en vigueur. Pour les missions de conseil et de suivi de projets, nous sommes tenus d’une obligation de moyens.',
        ),
        p(
          strong('Client professionnel :'),
          ' sauf manquement à notre obligation de diagnostic et de conseil, notre responsabilité ne peut être engagée en cas de force majeure, d’informations inexactes ou incomplètes fournies par le client, de non-respect de nos préconisations, d’utilisation non conforme des équipements ou de défaut préexistant qui ne nous a pas été signalé. Elle est limitée aux dommages directs et prévisibles, dans la limite du montant hors taxes de la prestation concernée, sauf faute lourde ou dolosive et sauf dommage corporel.',
        ),
        p(
          strong('Client consommateur ou non professionnel :'),
          ' aucune de ces exclusions ou limitations ne lui est applicable. Notre responsabilité obéit aux règles du droit commun : elle n’est écartée, en tout ou partie, qu’en cas de force majeure ou dans la mesure où le dommage résulte de sa propre faute.',
        ),
      ],
    },
    {
      id: 'retractation',
      title: 'Droit de rétractation',
      blocks: [
        p(
          `Le client consommateur dispose d’un délai de ${days(terms.withdrawalDays)} pour se rétracter d’un contrat conclu à distance (par exemple un devis accepté en ligne, ou signé et renvoyé par courrier ou par e-mail) ou hors établissement (par exemple signé à son domicile, ou accepté à distance immédiatement après que nous l’avons sollicité personnellement hors de nos locaux), sans avoir à motiver sa décision ni à supporter d’autres coûts que ceux prévus ci-dessous (articles L. 221-1, L. 221-18 et suivants du Code de la consommation). Ce droit ne s’applique pas aux contrats signés dans nos locaux, sauf s’ils le sont immédiatement après une sollicitation personnelle et individuelle du consommateur hors de nos locaux (article L. 221-1).`,
        ),
        p('Le délai court à compter du jour :'),
        list(
          [
            strong('de la conclusion du contrat'),
            ', pour un contrat qui ne porte que sur des services (entretien, réparation sans fourniture de pièces, conseil, contrat de maintenance) ;',
          ],
          [
            strong('de la réception des biens'),
            ' par le consommateur, pour un contrat qui comprend aussi la fourniture de biens (équipements, pièces), par exemple une installation avec son matériel : un tel contrat est assimilé à un contrat de vente (articles L. 221-1 et L. 221-18 du Code de la consommation). Lorsque les biens sont livrés en plusieurs fois, le délai court à compter de la réception du dernier. Le consommateur peut se rétracter dès la conclusion du contrat.',
          ],
        ),
        p(
          'Lorsque le délai expire un samedi, un dimanche ou un jour férié ou chômé, il est prolongé jusqu’au premier jour ouvrable suivant.',
        ),
        p(
          'Pour exercer ce droit, le consommateur nous adresse avant l’expiration du délai le formulaire ci-dessous ou toute autre déclaration dénuée d’ambiguïté, par e-mail à ',
          email(site.email),
          ` ou par courrier à ${site.legalName}, ${fullAddress}. Nous remboursons alors tous les paiements reçus, y compris les frais de livraison, au plus tard ${days(terms.refundDays)} après avoir été informés de sa décision, par le même moyen de paiement que celui utilisé pour la transaction initiale, sauf accord exprès du consommateur pour un autre moyen, sans frais pour lui (article L. 221-24 du Code de la consommation).`,
        ),
        subheading('Retour des biens'),
        p(
          companyChoices.goodsCollectedAtOurCost.choice
            ? `Si le contrat comprenait la fourniture de biens, nous venons les reprendre nous-mêmes, à nos frais, à une date convenue avec le consommateur dans les ${days(terms.goodsReturnDays)} qui suivent la communication de sa décision : les frais de renvoi ne sont pas à sa charge (article L. 221-23 du Code de la consommation). Si les biens ont déjà été installés, nous les déposons à nos frais.`
            : `Si le contrat comprenait la fourniture de biens, le consommateur nous les renvoie ou nous les rapporte, sans retard excessif et au plus tard ${days(terms.goodsReturnDays)} après la communication de sa décision ; les frais directs de renvoi sont à sa charge. Nous reprenons toutefois à nos frais les biens livrés à son domicile lors de la conclusion d’un contrat hors établissement qui ne peuvent pas être renvoyés normalement par la poste en raison de leur nature (article L. 221-23 du Code de la consommation).`,
        ),
        p(
          'La responsabilité du consommateur n’est engagée qu’en cas de dépréciation des biens résultant de manipulations autres que celles nécessaires pour établir leur nature, leurs caractéristiques et leur bon fonctionnement (article L. 221-23).',
        ),
        subheading('Exécution avant la fin du délai'),
        p(
          `Si le consommateur souhaite que la prestation commence avant la fin du délai de rétractation, il doit le demander expressément (sur papier ou sur un autre support durable pour un contrat hors établissement). S’il se rétracte ensuite, il nous verse un montant proportionnel à ce qui a été fourni jusqu’à la communication de sa décision (article L. 221-25 du Code de la consommation). Lorsque la prestation a été pleinement exécutée avant la fin du délai, après son accord préalable exprès et sa reconnaissance de la perte de son droit de rétractation, celui-ci ne peut plus être exercé (article L. 221-28, 1°).`,
        ),
        subheading('Exceptions'),
        p(
          'Le droit de rétractation ne s’applique pas aux travaux d’entretien ou de réparation à réaliser en urgence au domicile du consommateur et expressément sollicités par lui, dans la limite des pièces de rechange et travaux strictement nécessaires pour répondre à l’urgence (article L. 221-28, 8°).',
        ),
        p(
          `Le client professionnel ne bénéficie pas du droit de rétractation, sauf s’il emploie au plus ${terms.smallBusinessMaxEmployees} salariés et que le contrat, conclu hors établissement, n’entre pas dans le champ de son activité principale (article L. 221-3 du Code de la consommation).`,
        ),
        box(
          withdrawalForm.title,
          withdrawalForm.instruction,
          [withdrawalForm.addressee.before, email(withdrawalForm.addressee.email), withdrawalForm.addressee.after],
          ...withdrawalForm.fields,
          withdrawalForm.footnote,
        ),
      ],
    },
    {
      id: 'annulation',
      title: 'Annulation',
      blocks: [
        p(
          'Pendant le délai de rétractation, le client consommateur peut renoncer au contrat dans les conditions de la section « ',
          link('#retractation', 'Droit de rétractation'),
          ' » ci-dessus : aucuns frais d’annulation ne peuvent lui être demandés pendant ce délai. Seul reste dû, si la prestation a commencé à sa demande expresse avant la fin du délai, le montant proportionnel à ce qui a été fourni jusqu’à sa rétractation (article L. 221-25 du Code de la consommation).',
        ),
        p(
          strong('Client professionnel :'),
          ` une intervention peut être annulée ou reportée sans frais jusqu’à ${terms.lateCancellationHours} h avant la date prévue. En cas d’annulation moins de ${terms.lateCancellationHours} h avant l’intervention, sauf force majeure, une indemnité de ${percent(terms.lateCancellationFeePercent)} du montant HT du devis est due.`,
        ),
        p(
          strong('Client consommateur :'),
          ` après le délai de rétractation, il peut reporter une intervention sans frais en nous prévenant au moins ${terms.lateCancellationHours} h à l’avance. En cas d’annulation d’une commande ferme, aucune indemnité forfaitaire n’est appliquée : seules les pièces commandées spécifiquement pour sa commande peuvent lui être facturées, sur justificatif. De notre côté, si nous devons annuler ou reporter une intervention, nous le prévenons au plus tôt et lui proposons une nouvelle date ; il peut alors, s’il le préfère, mettre fin au contrat et obtenir le remboursement des sommes versées.`,
        ),
      ],
    },
    {
      id: 'contrats-de-maintenance',
      title: 'Contrats de maintenance',
      blocks: [
        p(
          'Un contrat de maintenance prévoit des visites d’entretien préventif des équipements du client, selon la fréquence et le prix annuel qu’il indique. Il est conclu sur papier (signé dans nos locaux, au domicile du client, ou renvoyé par courrier) ou en ligne, par l’acceptation d’un devis dans les conditions de la section « ',
          link('#devis-et-commandes', 'Devis et commandes'),
          ' ».',
        ),
        p(
          'Le service d’urgence 24 h/24, 7 j/7 est réservé aux clients titulaires d’un contrat de maintenance en cours, au ',
          phone(site.emergencyPhone),
          '.',
        ),
        subheading('Durée et reconduction'),
        p(
          `Le contrat est conclu pour ${years(contract.termYears)} à compter de sa signature. Il est ensuite reconduit tacitement par périodes ${deName(years(contract.renewalYears))}, sauf si l’une des parties s’y oppose par écrit (courrier ou e-mail) au plus tard ${months(contract.noticeMonths)} avant la date d’échéance. Nous indiquons par écrit au client le prix de chaque nouvelle période au plus tard ${months(contract.priceNoticeMonths)} avant la date limite à laquelle il peut refuser la reconduction, afin qu’il puisse la refuser s’il ne l’accepte pas ; à défaut, le prix de la période qui s’achève reste applicable à la nouvelle période.`,
        ),
        p(
          strong('Client consommateur ou non professionnel :'),
          ` nous l’informons par écrit (courrier ou e-mail), au plus tôt ${months(contract.reminderEarliestMonths)} et au plus tard ${months(contract.reminderLatestMonths)} avant la fin de la période autorisant le rejet de la reconduction, de la possibilité de ne pas reconduire le contrat. Si cette information ne lui a pas été adressée, il peut mettre gratuitement un terme au contrat, à tout moment à compter de la date de reconduction ; les avances effectuées après la dernière date de reconduction lui sont alors remboursées dans un délai de ${days(contract.refundDays)} à compter de la date de résiliation, déduction faite des sommes correspondant, jusqu’à celle-ci, à l’exécution du contrat (article L. 215-1 du Code de la consommation, applicable au non-professionnel en vertu de l’article L. 215-3).`,
        ),
        subheading('Résiliation'),
        p(
          `Chaque partie peut résilier le contrat en cas de manquement grave de l’autre partie à ses obligations, auquel il n’a pas été remédié ${days(contract.breachCureDays)} après une mise en demeure restée sans effet (articles 1224 et suivants du Code civil). Les sommes versées pour la période qui suit la résiliation sont remboursées.`,
        ),
        p(
          'Un contrat de maintenance conclu à distance ou hors établissement ouvre droit, pour le client consommateur, au délai de rétractation décrit ci-dessus.',
        ),
        p(
          'Le client peut résilier son contrat de maintenance, ou annuler un devis accepté, en ligne et sans frais de démarche depuis la page « ',
          link(paths.termination, 'Résilier un contrat'),
          ' », aussi bien que par courrier ou par e-mail ; les conséquences financières d’une annulation sont celles de la section « ',
          link('#annulation', 'Annulation'),
          ' ». Nous lui confirmons aussitôt la réception de sa demande par e-mail, avec la date à laquelle le contrat prend fin et ce qui en découle (article L. 215-1-1 du Code de la consommation).',
        ),
      ],
    },
    {
      id: 'protection-des-donnees',
      title: 'Protection des données',
      blocks: [
        p(
          'Les données personnelles du client sont traitées pour la gestion des devis, des commandes, de la facturation et de la relation client, conformément au RGPD. Leur traitement, leur durée de conservation et les droits du client sont détaillés dans notre ',
          link(paths.privacy, 'politique de confidentialité'),
          '.',
        ),
        p(phoneUse.cgv),
      ],
    },
    {
      id: 'reclamations',
      title: 'Réclamations',
      blocks: [
        p(
          `Toute réclamation relative à une prestation est à adresser par écrit, par e-mail à `,
          email(site.email),
          ` ou par courrier, dans les ${days(terms.complaintDays)} suivant sa réalisation, en décrivant le problème constaté, afin que nous puissions intervenir rapidement.`,
        ),
        p(
          'Pour le client professionnel, les défauts apparents non signalés dans ce délai sont réputés acceptés. Pour le client consommateur, ce délai ne réduit ni les garanties légales ni les délais pour agir prévus par la loi.',
        ),
      ],
    },
    {
      id: 'mediation',
      title: 'Médiation',
      blocks: [
        p(
          `En cas de litige non résolu par une réclamation écrite préalable auprès de nos services, le client consommateur peut recourir gratuitement au médiateur de la consommation dont nous relevons (articles L. 612-1 et suivants du Code de la consommation) :`,
        ),
        definitions(
          ['Médiateur', site.mediator.name],
          ['Adresse', site.mediator.address],
          ['Site internet', external(site.mediator.website, withoutProtocol(site.mediator.website))],
          ['E-mail', email(site.mediator.email)],
        ),
        p(
          `Le médiateur doit être saisi au plus tard ${years(terms.mediationDelayYears)} après la réclamation écrite. Le recours à la médiation est facultatif : chaque partie reste libre d’accepter ou de refuser la solution proposée, et de saisir ensuite le tribunal compétent.`,
        ),
      ],
    },
    {
      id: 'droit-applicable',
      title: 'Droit applicable',
      blocks: [
        p(
          'Les présentes CGV et les contrats qu’elles régissent sont soumis au droit français et rédigés en langue française. En cas de litige, les parties recherchent d’abord une solution amiable.',
        ),
        p(
          strong('Client consommateur :'),
          ' il peut saisir, à son choix, l’une des juridictions territorialement compétentes en vertu du Code de procédure civile ou celle du lieu où il demeurait au moment de la conclusion du contrat ou de la survenance du fait dommageable (article R. 631-3 du Code de la consommation).',
        ),
        p(
          strong('Client professionnel non commerçant :'),
          ' le litige est porté devant la juridiction compétente selon les règles du Code de procédure civile.',
        ),
        box('Clause attributive de compétence : clients commerçants', [
          strong('Client commerçant :'),
          ` à défaut d’accord amiable, tout litige entre le client commerçant ou société commerciale et nous est porté devant les tribunaux compétents du ressort de notre siège social (${site.address.city}). Cette clause ne s’applique qu’entre personnes ayant toutes contracté en qualité de commerçant (article 48 du Code de procédure civile).`,
        ]),
      ],
    },
    {
      id: 'modifications',
      title: 'Modifications',
      blocks: [
        p(
          'Nous pouvons modifier les présentes CGV à tout moment. Les CGV applicables à une commande sont celles en vigueur à la date du devis accepté, dont le devis indique la version : une modification ne s’applique ni aux devis déjà envoyés ni aux commandes déjà passées. La date depuis laquelle la version en vigueur s’applique figure en bas de cette page, et chaque version reste consultable sur la page ',
          link(paths.termsVersions, 'Versions des CGV'),
          '.',
        ),
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [
        p('Pour toute question sur ces conditions ou sur une commande :'),
        definitions(
          ['Courrier', `${site.legalName}, ${fullAddress}`],
          ['Téléphone', [phone(site.phone), ` (${site.hoursSentence})`]],
          ['E-mail', email(site.email)],
        ),
      ],
    },
  ],
  updated: cgvInForceSince,
  updatedLabel: cgvVersion.inForceSince,
  footnote: [link(paths.termsVersions, cgvVersion.others)],
} satisfies LegalPageContent);
