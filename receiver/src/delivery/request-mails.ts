import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { formatFileSize, frenchTypography, NBSP, responsePromise, site } from '../facts';
import { locationLabel, serviceLabel } from '../requests/labels';
import { CONFIRMATION_WINDOW_HOURS, CONFIRMATIONS_PER_ADDRESS, messageIdFor } from '../requests/mail-kinds';
import type { StoredRequest } from '../store/request-queries';
import { publishedSite } from '../store/site-data';
import { storedFilePath, type Layout } from '../store/storage';
import { visible } from '../visible';
import {
  escapeHtml,
  formatDateTime,
  htmlDocument,
  htmlTable,
  mailToClient,
  requestLink,
  textLines,
  type Line,
} from './mail-parts';

/**
 * The request's two mails: the notification to the company (every field, the attachment, Reply-To the
 * visitor) and the confirmation to the visitor (fixed texts only). Nodemailer writes every MIME structure and
 * header; fields only ever go into header values it encodes, and into HTML after escaping.
 */

const fr = frenchTypography;

/**
 * What the company's mail says of an attachment that stays on the server (too large for the mail, or refused
 * by the relay for its size): where it is, and the request's page in the team's inbox, which offers it.
 */
export function keptFileNote(request: StoredRequest, config: Pick<Config, 'inboxUrl'>, dirs: Layout): string {
  return fr(
    `trop lourde pour l’e-mail, conservée sur le serveur : ${storedFilePath(dirs, request.file?.path ?? '')} ; à télécharger depuis la boîte de réception : ${requestLink(config, request.reference)}`,
  );
}

/** Does the request's attachment travel with the company's mail (QUOTE_MAIL_ATTACHMENT_MAX_MB)? */
export function attachesFile(request: StoredRequest, config: Pick<Config, 'mailAttachmentMaxBytes'>): boolean {
  return request.file !== undefined && request.file.size <= config.mailAttachmentMaxBytes;
}

/**
 * The notification to the company: every field, the attachment, Reply-To the visitor. An attachment larger
 * than QUOTE_MAIL_ATTACHMENT_MAX_MB, or any attachment once the relay refused the mail for its size
 * (`withoutFile`), stays on the server: the mail says where.
 */
export function companyMail(
  request: StoredRequest,
  config: Config,
  dirs: Layout,
  options: { confirmation: boolean; rescued?: boolean; withoutFile?: boolean } = { confirmation: true },
): SendMailOptions {
  const attached = attachesFile(request, config) && !options.withoutFile;
  // What the visitor typed reaches the team as the inbox shows it: invisible characters made visible.
  const firstName = visible(request.firstName);
  const lastName = visible(request.lastName);
  const name = `${firstName} ${lastName}`;
  const title = fr(`Demande de devis ${request.reference}`);
  const lines: Line[] = [
    { label: 'Référence', value: request.reference },
    { label: 'Reçue le', value: fr(`${formatDateTime(request.createdAt)} (heure de Paris)`) },
    { label: 'Prénom', value: firstName },
    { label: 'Nom', value: lastName },
    { label: 'E-mail', value: visible(request.email) },
    { label: 'Téléphone', value: visible(request.phone) },
    { label: 'Prestation', value: serviceLabel(request.serviceType) },
    { label: 'Lieu d’intervention', value: locationLabel(request.location) },
    {
      label: 'Pièce jointe',
      value: request.file
        ? `${visible(request.file.name)} (${formatFileSize(request.file.size)})${attached ? '' : `, ${keptFileNote(request, config, dirs)}`}`
        : 'aucune',
    },
    {
      label: 'Confirmation au visiteur',
      value: options.confirmation
        ? 'envoyée'
        : options.rescued
          ? // Taken out of the spam folder: the visitor had no mail, whatever the cap.
            fr('non envoyée (demande sortie des indésirables) ; répondez-lui vous-même')
          : fr(
              `non envoyée (${CONFIRMATIONS_PER_ADDRESS} confirmations déjà envoyées à cette adresse en ${CONFIRMATION_WINDOW_HOURS} h) ; répondez-lui vous-même`,
            ),
    },
  ];
  const reply = fr(`Répondez à ce message pour écrire à ${name} (${request.email}).`);
  const text = [
    title,
    '',
    textLines(lines),
    '',
    `Description${NBSP}:`,
    visible(request.description),
    '',
    reply,
    '',
  ].join('\n');
  const html = htmlDocument(
    title,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${htmlTable(lines)}` +
      `<h2 style="font-size:16px">Description</h2><p>${escapeHtml(visible(request.description)).replace(/\n/g, '<br>')}</p>` +
      `<p>${escapeHtml(reply)}</p>`,
  );
  return {
    messageId: messageIdFor(request.reference, 'company', config.fromEmail),
    from: { name: `${site.name} (site web)`, address: config.fromEmail },
    to: config.notifyEmail,
    replyTo: { name, address: request.email },
    subject: fr(
      `Demande de devis ${request.reference} – ${name} (${serviceLabel(request.serviceType)}, ${locationLabel(request.location)})`,
    ),
    text,
    html,
    attachments:
      request.file && attached
        ? [
            {
              filename: request.file.name,
              path: storedFilePath(dirs, request.file.path),
              contentType: request.file.type,
            },
          ]
        : [],
  };
}

/**
 * The first name as the confirmation greets it: one word (letters, apostrophes, hyphens) of at most 24
 * characters, or nothing. A longer or several-word « first name » is text a stranger chose, sent to an
 * address they typed: the greeting then names nobody.
 */
export function greetingName(firstName: string): string | undefined {
  const name = firstName.trim();
  return /^[\p{L}'’-]{1,24}$/u.test(name) ? name : undefined;
}

/**
 * The confirmation to the visitor. It carries the first name (greetingName) and fixed texts only, never the description,
 * the file or any other free text, so nobody can use the form to send chosen content to someone else.
 */
export function visitorMail(request: StoredRequest, config: Config): SendMailOptions {
  const title = fr(`Votre demande de devis ${request.reference}`);
  const lines: Line[] = [
    { label: 'Référence', value: request.reference },
    { label: 'Prestation', value: serviceLabel(request.serviceType) },
    { label: 'Lieu d’intervention', value: locationLabel(request.location) },
  ];
  // The company as published when the mail is written, at its turn in the outbox (store/site-data.ts).
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: request.email,
    messageId: messageIdFor(request.reference, 'visitor', config.fromEmail),
    title,
    name: greetingName(request.firstName),
    blocks: [
      fr(`Nous avons bien reçu votre demande de devis et nous vous en remercions.`),
      lines,
      `${responsePromise.sentence} ${fr(
        `Si vous nous contactez d’ici là, indiquez la référence de votre demande : nous sommes joignables au ${company.phone}.`,
      )}`,
    ],
    notice: fr('Ce message vous est envoyé automatiquement à la suite de votre demande sur notre site.'),
  });
}
