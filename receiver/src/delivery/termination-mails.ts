import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import {
  effectiveDayText,
  formatFrenchDay,
  frenchTypography,
  isEarliestEffectiveDay,
  legitimateReason,
  NBSP,
  site,
  terminationContractLabels,
  terminationEffects,
  terminationMailTexts,
} from '../facts';
import { CONFIRMATION_WINDOW_HOURS, CONFIRMATIONS_PER_ADDRESS, messageIdFor } from '../requests/mail-kinds';
import { checkVerdict, isVerified, type TerminationCheck } from '../requests/termination-devis';
import { publishedSite } from '../store/site-data';
import type { StoredTermination } from '../store/termination-queries';
import { visible } from '../visible';
import { escapeHtml, formatDateTime, htmlDocument, htmlTable, mailToClient, textLines, type Line } from './mail-parts';
import { greetingName } from './request-mails';

/**
 * A termination request's mails (« Résilier un contrat »): the acknowledgment to the client, on a durable
 * medium as C. conso. L. 215-1-1 asks (the date received, the date the contract ends and what follows from
 * it, the company's mentions), the notice to the company (every field, the devis the reference names and
 * whether its client matches, Reply-To the client), and the notice to a devis's client when someone else's
 * request names their devis.
 */

const fr = frenchTypography;

function contractLabel(termination: StoredTermination): string {
  return termination.contractType ? terminationContractLabels[termination.contractType] : '';
}

/** "Contrat de maintenance", with a capital. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The acknowledgment. Besides fixed texts it repeats only the generated reference (R-…), the devis's number
 * when the contract reference names a devis on file, and a one-word first name: never the free text of the
 * contract reference, so that the form cannot send chosen content to someone else's address; at most
 * CONFIRMATIONS_PER_ADDRESS go to one mailbox a day. A request that does not name a devis on file under
 * the same name and address is received « sous réserve de vérification » (`check`,
 * requests/termination-devis.ts).
 */
export function terminationClientMail(
  termination: StoredTermination,
  config: Config,
  check: TerminationCheck | undefined,
): SendMailOptions {
  const effective = formatFrenchDay(termination.effectiveDate);
  const earliest = isEarliestEffectiveDay(termination);
  const title = fr(`Accusé de réception de votre résiliation ${termination.reference}`);
  const number = check?.devis.number;
  const lines: Line[] = [
    { label: 'Référence', value: termination.reference },
    { label: 'Reçue le', value: fr(`${formatDateTime(termination.createdAt)} (heure de Paris)`) },
    { label: terminationMailTexts.contractLabel, value: capitalised(contractLabel(termination)) },
    ...(number ? [{ label: terminationMailTexts.devisLabel, value: fr(`n° ${number}`) }] : []),
    { label: 'Date d’effet de la résiliation', value: effectiveDayText(termination) },
  ];
  const name = greetingName(termination.firstName);
  const received = isVerified(check) ? terminationMailTexts.received : terminationMailTexts.receivedToVerify;
  const ends =
    termination.contractType !== 'maintenance'
      ? terminationMailTexts.devisEnds(effective, number)
      : earliest
        ? terminationMailTexts.maintenanceEndsEarliest(effective)
        : terminationMailTexts.maintenanceEnds(effective);
  const effects = termination.contractType ? terminationEffects[termination.contractType] : [];
  // The company as published when the mail is written (store/site-data.ts).
  const company = publishedSite(config.site?.sourceDir);
  const reasonNote = termination.reason !== '' ? [legitimateReason.acknowledged(company)] : [];
  const contact = fr(
    `Pour toute question, répondez à ce message ou appelez-nous au ${company.phone}, en indiquant la référence ${termination.reference}. Conservez cet e-mail : il est la preuve de votre résiliation.`,
  );
  return mailToClient(config, {
    site: company,
    to: termination.email,
    messageId: messageIdFor(termination.reference, 'termination_client', config.fromEmail),
    title,
    name,
    blocks: [received, ends, lines, ...effects, ...reasonNote, contact],
    notice: fr('Ce message vous est envoyé automatiquement à la suite de votre résiliation sur notre site.'),
  });
}

/**
 * The notice to the client of a devis that a termination names, filed from another mailbox than theirs
 * (requests/mail-kinds.ts terminationMailsOf): the day received and the devis's number, nothing the
 * request typed.
 */
export function terminationDevisClientMail(
  termination: StoredTermination,
  config: Config,
  check: TerminationCheck,
): SendMailOptions {
  const { number, clientEmail } = check.devis;
  const texts = terminationMailTexts.devisNotice;
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: clientEmail,
    messageId: messageIdFor(termination.reference, 'termination_devis_client', config.fromEmail),
    title: texts.subject(number),
    name: undefined,
    blocks: [texts.text(number, formatDateTime(termination.createdAt)), texts.ifYou, texts.ifNotYou(company.phone)],
    notice: texts.notice,
  });
}

/**
 * What the company's notice says of the devis a termination names (`check`): for an accepted devis whose
 * reference names no devis on file, that none was found (maintenance contracts are not on file: nothing).
 */
function devisCheckLines(termination: StoredTermination, check: TerminationCheck | undefined): Line[] {
  if (!check) {
    return termination.contractType === 'devis'
      ? [{ label: 'Devis correspondant', value: 'aucun (la référence ne nomme aucun devis enregistré)' }]
      : [];
  }
  const { devis } = check;
  return [
    { label: 'Devis correspondant', value: fr(`n° ${devis.number} (${devis.clientName}, ${devis.clientEmail})`) },
    { label: 'Vérification', value: checkVerdict(check) },
  ];
}

/** The notice to the company: every field (invisible characters made visible), Reply-To the client. */
export function terminationCompanyMail(
  termination: StoredTermination,
  config: Config,
  options: { confirmation: boolean; check: TerminationCheck | undefined },
): SendMailOptions {
  const firstName = visible(termination.firstName);
  const lastName = visible(termination.lastName);
  const name = `${firstName} ${lastName}`;
  const title = fr(`Résiliation ${termination.reference}`);
  const lines: Line[] = [
    { label: 'Référence', value: termination.reference },
    { label: 'Reçue le', value: fr(`${formatDateTime(termination.createdAt)} (heure de Paris)`) },
    { label: 'Nom', value: lastName },
    { label: 'Prénom', value: firstName },
    { label: 'Raison sociale', value: termination.company === '' ? 'aucune' : visible(termination.company) },
    { label: 'E-mail', value: visible(termination.email) },
    { label: 'Contrat', value: capitalised(contractLabel(termination)) },
    { label: 'Référence du contrat', value: visible(termination.contractReference) },
    ...devisCheckLines(termination, options.check),
    ...(termination.contractStart ? [{ label: 'Signé le', value: formatFrenchDay(termination.contractStart) }] : []),
    {
      label: 'Date souhaitée',
      value: termination.desiredDate ? formatFrenchDay(termination.desiredDate) : 'la plus proche possible',
    },
    {
      label: 'Date d’effet',
      value: isEarliestEffectiveDay(termination)
        ? fr(
            `${effectiveDayText(termination)} : date de signature non donnée, retrouvez-la et confirmez la date au client`,
          )
        : formatFrenchDay(termination.effectiveDate),
    },
    {
      label: 'Accusé de réception',
      value: options.confirmation
        ? 'envoyé au client'
        : fr(
            `non envoyé (${CONFIRMATIONS_PER_ADDRESS} accusés déjà envoyés à cette adresse en ${CONFIRMATION_WINDOW_HOURS} h) ; envoyez-le vous-même`,
          ),
    },
  ];
  const reason = termination.reason === '' ? 'aucun' : visible(termination.reason);
  const reply = fr(`Répondez à ce message pour écrire à ${name} (${termination.email}).`);
  const text = [title, '', textLines(lines), '', `Motif${NBSP}:`, reason, '', reply, ''].join('\n');
  const html = htmlDocument(
    title,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${htmlTable(lines)}` +
      `<h2 style="font-size:16px">Motif</h2><p>${escapeHtml(reason).replace(/\n/g, '<br>')}</p>` +
      `<p>${escapeHtml(reply)}</p>`,
  );
  return {
    messageId: messageIdFor(termination.reference, 'termination_company', config.fromEmail),
    from: { name: `${site.name} (site web)`, address: config.fromEmail },
    to: config.notifyEmail,
    replyTo: { name, address: termination.email },
    subject: fr(
      `Résiliation ${termination.reference} – ${name} (${contractLabel(termination)}, fin ${isEarliestEffectiveDay(termination) ? 'au plus tôt ' : ''}le ${formatFrenchDay(termination.effectiveDate)})${options.check && !isVerified(options.check) ? ' – à vérifier : ne correspond pas au devis' : ''}`,
    ),
    text,
    html,
  };
}
