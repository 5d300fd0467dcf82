import { formatFrenchDay, months, years, days } from '@/lib/format';
import { typeset } from '@/lib/typography';
import { maintenanceContract, retention, terms } from './legal-facts';
import { site } from './site';
import type { Site } from './types';
import { QUOTE_HONEYPOT_FIELD } from './quote-settings';
import {
  isEarliestEffectiveDay,
  TERMINATION_MAX_LENGTHS,
  type ContractDates,
  type TerminationContractType,
} from './termination-settings';

export * from './termination-settings';

/**
 * The « Résilier un contrat » page (C. conso. L. 215-1-1, décret 2023-417, art. D. 215-1 to D. 215-3): its
 * texts, the form's fields and the summary the client checks before notifying, and what a termination
 * entails for each kind of contract, which the acknowledgment mail repeats (receiver/src/delivery/).
 */

const contract = maintenanceContract;

/** The kinds of contract, as the form offers them and the mails and the inbox name them. */
export const terminationContractOptions = typeset([
  { value: 'maintenance', label: 'Contrat de maintenance' },
  { value: 'devis', label: 'Devis accepté (intervention ou travaux pas encore réalisés)' },
] as const satisfies readonly { value: TerminationContractType; label: string }[]);

/** The short name of each kind, in a sentence or a table cell. */
export const terminationContractLabels = typeset({
  maintenance: 'contrat de maintenance',
  devis: 'devis accepté',
} satisfies Record<TerminationContractType, string>);

/**
 * What follows from the termination, by kind of contract: shown on the page before sending, repeated in the
 * acknowledgment with the effective date (L. 215-1-1: « les effets de la résiliation »).
 */
export const terminationEffects = typeset({
  maintenance: [
    `Un contrat de maintenance prend fin à une échéance : chaque anniversaire de sa signature, ${years(contract.termYears)} après celle-ci puis tous les ${deYears(contract.renewalYears)}. Une résiliation reçue au moins ${months(contract.noticeMonths)} avant une échéance y met fin ; reçue plus tard, elle met fin au contrat à l’échéance suivante.`,
    'Jusqu’à cette date, les visites d’entretien prévues et le service d’urgence restent dus et assurés ; aucune nouvelle période n’est facturée. Les sommes déjà versées pour une période postérieure à cette date vous sont remboursées.',
    `Si nous ne vous avons pas informé(e), par écrit, de la possibilité de ne pas reconduire le contrat au plus tôt ${monthsInWords(contract.reminderEarliestMonths)} et au plus tard ${monthsInWords(contract.reminderLatestMonths)} avant la date limite, vous pouvez y mettre fin gratuitement à tout moment depuis sa reconduction (article L. 215-1 du Code de la consommation) : répondez alors à l’accusé de réception, la résiliation prendra effet à la date de votre demande et les avances versées depuis la reconduction vous seront remboursées dans un délai de ${days(contract.refundDays)}.`,
  ],
  devis: [
    'L’annulation d’un devis accepté prend effet à la date de votre demande, ou à la date plus tardive que vous indiquez : l’intervention prévue n’aura pas lieu.',
    `Pendant le délai de rétractation de ${days(terms.withdrawalDays)}, elle vaut rétractation : aucuns frais ne vous sont demandés, sauf, si vous aviez demandé que les travaux commencent avant la fin de ce délai, le montant proportionnel aux travaux déjà réalisés ; les sommes versées vous sont remboursées, déduction faite de ce montant, dans un délai de ${days(terms.refundDays)}. Ensuite, aucune indemnité forfaitaire ne vous est demandée si vous êtes un consommateur : seules les pièces commandées spécialement pour votre commande peuvent vous être facturées, sur justificatif ; un client professionnel relève des conditions d’annulation de nos conditions générales de vente.`,
  ],
} satisfies Record<TerminationContractType, readonly string[]>);

/** "trois mois", "un mois": a short count of months in words, as in running French prose. */
function monthsInWords(count: number): string {
  const words = ['un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze'];
  return count >= 1 && count <= words.length ? `${words[count - 1]} mois` : months(count);
}

/** "tous les ans", "tous les 2 ans". */
function deYears(count: number): string {
  return count === 1 ? 'ans' : years(count);
}

/** Where the proofs of a legitimate reason go: by e-mail or by post, to the company's e-mail and address. */
const proofsTo = (company: Pick<Site, 'email' | 'address'>) =>
  `par e-mail à ${company.email} ou par courrier au ${company.address.street}, ${company.address.postalCode} ${company.address.city}`;

/** The reason field's help: no reason needed; a legitimate one, and where its proofs go. */
const reasonHelp = (company: Pick<Site, 'email' | 'address'>) =>
  `Vous n’avez pas à donner de motif. Si vous demandez une résiliation anticipée pour un motif légitime (un manquement grave de notre part resté sans effet ${days(contract.breachCureDays)} après une mise en demeure, un cas de force majeure), indiquez-le ici, puis envoyez-nous vos justificatifs ${proofsTo(company)} : nous vous confirmerons alors la date d’effet.`;

/** Early termination for a legitimate reason (D. 215-2, II): where the client sends the proof. */
export const legitimateReason = typeset({
  title: 'Motif (facultatif)',
  /** The help with the committed data's company: the site's form. */
  text: reasonHelp(site),
  /** The same with the company's facts as published, on the receiver's page without JavaScript. */
  textOf: (company: Pick<Site, 'email' | 'address'>) => typeset(reasonHelp(company)),
  /**
   * The acknowledgment's sentence when a reason was given (the form's own words would say « ici »), with the
   * company's e-mail and address as published when the receiver writes it.
   */
  acknowledged: (company: Pick<Site, 'email' | 'address'>) =>
    typeset(
      `Vous nous avez indiqué un motif. S’il s’agit d’un motif légitime de résiliation anticipée, envoyez-nous vos justificatifs ${proofsTo(company)} : nous vous confirmerons la date d’effet.`,
    ),
});

/**
 * The acknowledgment's own sentences and the notice to the client of a devis named by someone else
 * (receiver/src/delivery/termination-mails.ts). Anyone may file a termination: one whose contract
 * reference does not name a devis on file under the same name and address is acknowledged « sous réserve
 * de vérification », and only the generated reference, or the devis's number on file, is repeated to the
 * address typed, never the free text of the reference.
 */
export const terminationMailTexts = {
  received: typeset('Nous avons bien reçu votre demande de résiliation.'),
  receivedToVerify: typeset(
    'Nous avons bien reçu votre demande de résiliation. Nous l’enregistrons sous réserve de vérification : nous nous assurons que le contrat indiqué est bien à votre nom et, si besoin, nous vous recontactons.',
  ),
  /** `number`: the devis's number on file, when the reference names one. */
  devisEnds: (date: string, number?: string) =>
    typeset(`Votre commande (devis accepté${number ? ` n° ${number}` : ''}) est annulée à compter du ${date}.`),
  /** Without the signature date: the earliest day, to be confirmed. */
  maintenanceEndsEarliest: (date: string) =>
    typeset(
      `Sans la date de signature de votre contrat de maintenance, nous ne pouvons pas encore vous indiquer sa date de fin exacte : il prend fin à la première échéance (un anniversaire de sa signature) qui tombe au moins ${months(contract.noticeMonths)} après la réception de votre demande, soit au plus tôt le ${date}. Nous vous confirmons cette date par e-mail dès que nous l’avons retrouvée dans votre contrat. Si celui-ci a déjà été reconduit sans que nous vous ayons informé(e) à temps de la possibilité de ne pas le reconduire (article L. 215-1 du Code de la consommation), la résiliation prend effet dès la réception de votre demande.`,
    ),
  maintenanceEnds: (date: string) =>
    typeset(
      `Votre contrat de maintenance prend fin le ${date}, sous une réserve : si votre contrat a déjà été reconduit sans que nous vous ayons informé(e) à temps de la possibilité de ne pas le reconduire (article L. 215-1 du Code de la consommation), la résiliation prend effet dès la réception de votre demande. Nous vérifions ce point et vous confirmons alors la date d’effet.`,
    ),
  contractLabel: 'Contrat',
  devisLabel: 'Devis',
  devisNotice: {
    subject: (number: string) => typeset(`Demande de résiliation reçue pour votre devis n° ${number}`),
    text: (number: string, receivedAt: string) =>
      typeset(
        `Une demande de résiliation a été reçue le ${receivedAt} (heure de Paris) pour votre devis n° ${number}, depuis une autre adresse e-mail que celle à laquelle nous vous l’avons envoyé.`,
      ),
    ifYou: typeset(
      'Si vous avez fait cette demande, vous n’avez rien à faire : nous la traitons et vous confirmons l’annulation.',
    ),
    /** `phone`: the company's, as published when the receiver writes the mail. */
    ifNotYou: (phone: string) =>
      typeset(
        `Si vous n’en êtes pas l’auteur, signalez-le-nous sans attendre en répondant à ce message ou en nous appelant au ${phone} : nous n’annulerons pas votre devis sans nous être assurés que la demande vient bien de vous.`,
      ),
    notice: typeset(
      'Ce message vous est envoyé automatiquement parce qu’une demande de résiliation mentionne le numéro de votre devis.',
    ),
  },
};

/**
 * A termination's effective day as the team's pages and mails write it: « 15 mars 2027 », or « au plus tôt le
 * 15 mars 2027 (à confirmer) » for a maintenance contract whose signature date was not given.
 */
export function effectiveDayText(termination: ContractDates & { effectiveDate: string }): string {
  const day = formatFrenchDay(termination.effectiveDate);
  return isEarliestEffectiveDay(termination) ? typeset(`au plus tôt le ${day} (à confirmer)`) : day;
}

export type TerminationTextFieldName = 'firstName' | 'lastName' | 'company' | 'email' | 'contractReference';
export type TerminationFieldName =
  TerminationTextFieldName | 'contractType' | 'contractStart' | 'desiredDate' | 'reason';

export type TerminationTextField = {
  name: TerminationTextFieldName;
  label: string;
  type: 'text' | 'email';
  autoComplete: string;
  required: boolean;
  maxLength: number;
  hint?: string;
};

/** Everything the form component shows: plain, serialisable data. */
export type TerminationFormContent = {
  requiredNote: string;
  identity: { legend: string; fields: readonly TerminationTextField[] };
  contract: {
    legend: string;
    type: { name: 'contractType'; label: string; options: readonly { value: string; label: string }[] };
    reference: TerminationTextField;
    start: { name: 'contractStart'; label: string; hint: string };
    desired: { name: 'desiredDate'; label: string; hint: string };
  };
  reason: { name: 'reason'; label: string; hint: string; maxLength: number; rows: number };
  effects: { title: string; byType: Record<TerminationContractType, readonly string[]> };
  /** D. 215-3: the summary the client checks, then « Notifier la résiliation ». */
  review: string;
  summary: {
    title: string;
    intro: string;
    edit: string;
    notify: string;
    asap: string;
    none: string;
    labels: Record<TerminationFieldName, string>;
  };
  sending: string;
  sendingStatus: string;
  /**
   * After sending: `withConfirmation` when the receiver says the acknowledgment is on its way, `text`
   * otherwise (the simulation, a third-party service); `reference` and `effective` when the answer gives them.
   */
  success: {
    title: string;
    text: string;
    withConfirmation: string;
    reference: string;
    effective: string;
    /** A maintenance contract without its signature date: the day is only the earliest possible. */
    effectiveEarliest: string;
  };
  errors: { send: { title: string; text: string; callUs: string }; invalid: string };
  /** The browser's own messages, replaced by French ones next to each field. */
  messages: { required: string; email: string; date: string; startInFuture: string };
  honeypot: { name: string; label: string };
  noscript: string;
  /** The build that posts to the company's receiver: the form works without JavaScript too. */
  noscriptPosted: string;
};

export const terminationPage = typeset({
  meta: {
    title: 'Résilier un contrat',
    description:
      'Résiliez en ligne votre contrat de maintenance ou un devis accepté : un accusé de réception par e-mail vous donne la date de fin du contrat.',
  },
  intro: {
    title: 'Résilier un contrat',
    text: 'Mettez fin en ligne à votre contrat de maintenance ou à un devis accepté, sans frais de démarche ni justificatif à fournir.',
  },
  formTitle: 'Votre demande de résiliation',
  steps:
    'Remplissez le formulaire, vérifiez le récapitulatif, puis notifiez la résiliation : vous recevez aussitôt par e-mail un accusé de réception qui indique la date à laquelle votre contrat prend fin.',
  other: {
    title: 'Par courrier ou par e-mail',
    text: `Vous pouvez aussi nous écrire à ${site.email} ou au ${site.address.street}, ${site.address.postalCode} ${site.address.city}, en indiquant les mêmes informations.`,
  },
  privacy: `Vos données servent à traiter votre résiliation et à en garder la preuve : nous les conservons ${years(retention.terminationProofYears)} après la date d’effet de la résiliation, durée pendant laquelle une contestation reste possible (article 2224 du Code civil).`,
});

export const terminationForm: TerminationFormContent = {
  sending: 'Envoi en cours...',
  ...typeset({
    requiredNote: 'Les champs marqués d’un * sont obligatoires.',
    identity: {
      legend: 'Vous',
      fields: [
        {
          name: 'lastName',
          label: 'Nom',
          type: 'text',
          autoComplete: 'family-name',
          required: true,
          maxLength: TERMINATION_MAX_LENGTHS.lastName,
        },
        {
          name: 'firstName',
          label: 'Prénom',
          type: 'text',
          autoComplete: 'given-name',
          required: true,
          maxLength: TERMINATION_MAX_LENGTHS.firstName,
        },
        {
          name: 'company',
          label: 'Raison sociale',
          type: 'text',
          autoComplete: 'organization',
          required: false,
          maxLength: TERMINATION_MAX_LENGTHS.company,
          hint: 'Seulement si le contrat est au nom d’une entreprise.',
        },
        {
          name: 'email',
          label: 'Adresse e-mail',
          type: 'email',
          autoComplete: 'email',
          required: true,
          maxLength: TERMINATION_MAX_LENGTHS.email,
          hint: 'L’accusé de réception de votre résiliation y est envoyé.',
        },
      ],
    },
    contract: {
      legend: 'Le contrat',
      type: { name: 'contractType', label: 'Contrat à résilier', options: terminationContractOptions },
      reference: {
        name: 'contractReference',
        label: 'Référence du contrat, numéro de devis ou adresse de l’intervention',
        type: 'text',
        autoComplete: 'off',
        required: true,
        maxLength: TERMINATION_MAX_LENGTHS.contractReference,
        hint: 'Par exemple la référence qui figure sur votre contrat ou votre devis ; à défaut, l’adresse où nous intervenons.',
      },
      start: {
        name: 'contractStart',
        label: 'Date de signature du contrat de maintenance, si vous la connaissez',
        hint: 'Elle figure sur votre contrat et fixe ses échéances annuelles. Sans elle, nous retrouvons la date de fin de votre contrat et vous la confirmons.',
      },
      desired: {
        name: 'desiredDate',
        label: 'Date de résiliation souhaitée (facultatif)',
        hint: 'Laissez vide pour la date la plus proche possible.',
      },
    },
    reason: {
      name: 'reason',
      label: legitimateReason.title,
      hint: legitimateReason.text,
      maxLength: TERMINATION_MAX_LENGTHS.reason,
      rows: 4,
    },
    effects: { title: 'Ce que la résiliation entraîne', byType: terminationEffects },
    review: 'Vérifier ma demande',
    summary: {
      title: 'Récapitulatif de votre résiliation',
      intro: 'Vérifiez ces informations. Vous pouvez encore les modifier avant de notifier la résiliation.',
      edit: 'Modifier',
      notify: 'Notifier la résiliation',
      asap: 'la plus proche possible',
      none: 'non renseigné',
      labels: {
        lastName: 'Nom',
        firstName: 'Prénom',
        company: 'Raison sociale',
        email: 'Adresse e-mail',
        contractType: 'Contrat',
        contractReference: 'Référence ou adresse',
        contractStart: 'Date de signature',
        desiredDate: 'Date souhaitée',
        reason: 'Motif',
      },
    },
    sendingStatus: 'Envoi de votre résiliation en cours…',
    success: {
      title: 'Résiliation notifiée',
      text: 'Nous avons bien reçu votre demande de résiliation. Nous vous adressons par e-mail un accusé de réception qui indique la date à laquelle votre contrat prend fin.',
      withConfirmation:
        'Nous avons bien reçu votre demande de résiliation. Un accusé de réception vient de vous être envoyé par e-mail : conservez-le, il en est la preuve.',
      reference: 'Référence de votre résiliation : {reference}.',
      effective: 'Votre contrat prend fin le {date}.',
      effectiveEarliest: 'Votre contrat prend fin au plus tôt le {date} : nous vous confirmons la date exacte.',
    },
    errors: {
      send: {
        title: 'Erreur lors de l’envoi',
        text: 'Votre résiliation n’a pas pu être envoyée. Vos informations sont conservées : réessayez dans un instant,',
        callUs: 'ou appelez-nous au',
      },
      invalid: 'Le formulaire contient des erreurs : corrigez les champs signalés.',
    },
    messages: {
      required: 'Ce champ est obligatoire.',
      email: 'Indiquez une adresse e-mail valide, par exemple prenom.nom@exemple.fr.',
      date: 'Indiquez une date valide.',
      startInFuture: 'La date de signature ne peut pas être dans le futur.',
    },
    honeypot: { name: QUOTE_HONEYPOT_FIELD, label: 'Ne pas remplir ce champ' },
    noscript: `Ce formulaire a besoin de JavaScript. Sans lui, écrivez-nous à ${site.email} ou par courrier : votre résiliation sera traitée de la même façon.`,
    noscriptPosted: `Sans JavaScript, le formulaire fonctionne aussi : « Vérifier ma demande » ouvre le récapitulatif sur une nouvelle page, où vous pouvez encore modifier votre demande avant de notifier la résiliation. Vous pouvez aussi nous écrire à ${site.email}, par courrier, ou nous appeler au`,
  }),
};

/**
 * The pages the receiver renders when the form is posted without JavaScript (receiver/src/intake/
 * termination-pages.tsx): the summary, the form again to edit it, and the acknowledgment. The fields'
 * labels, the summary's and the success texts are the form's (`terminationForm`).
 */
export const terminationPlainPages = typeset({
  editTitle: 'Modifier votre demande de résiliation',
  editIntro: 'Corrigez ou complétez votre demande, puis vérifiez-la avant de notifier la résiliation.',
  chooseContract: 'Choisissez le contrat',
  received: 'Demande reçue le {date}.',
  errorsTitle:
    'Le formulaire contient des erreurs : corrigez les champs signalés, rien de ce que vous avez saisi n’est perdu.',
  backToSite: 'Retour au site',
});
