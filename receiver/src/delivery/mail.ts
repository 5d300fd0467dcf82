import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import path from 'node:path';
import type { Config } from '../config';
import type { StoredRequest } from '../store/db';
import { locationLabel, serviceLabel } from '../requests/labels';
import { CONFIRMATION_WINDOW_HOURS, CONFIRMATIONS_PER_ADDRESS } from '../requests/mail-policy';
import { messageIdFor } from '../requests/mail-kinds';
import {
  formatFileSize,
  formatFrenchDate,
  responsePromise,
  frenchTypography,
  NBSP,
  site,
  siteUrl,
  SITE_TIME_ZONE,
} from '../facts';
import { storedFilePath, writeFileDurably, type Layout } from '../store/storage';

/**
 * The two mails of a request, and the way they leave: SMTP (SMTP_URL) or, without it, an .eml file per
 * mail in QUOTE_DATA_DIR/outbox/. Nodemailer writes every MIME structure and header; fields only ever go
 * into header values it encodes, and into HTML after escaping.
 */

const fr = frenchTypography;

/** "23 novembre 2026 à 14 h 05", Paris time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const time = new Intl.DateTimeFormat('fr-FR', {
    timeZone: SITE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
  return `${formatFrenchDate(date)} à ${time.replace(':', `${NBSP}h${NBSP}`)}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export type Line = { label: string; value: string };

export function htmlDocument(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1f2937">${body}</body></html>`;
}

export function htmlTable(lines: Line[]): string {
  const rows = lines
    .map(
      (line) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(line.label)}</th><td style="padding:4px 0">${escapeHtml(line.value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellspacing="0" cellpadding="0">${rows}</table>`;
}

export function textLines(lines: Line[]): string {
  return lines.map((line) => `${line.label}${NBSP}: ${line.value}`).join('\n');
}

/**
 * What the company's mail says of an attachment that stays on the server (too large for the mail, or refused
 * by the relay for its size): where it is, and the request's page in the team's inbox, which offers it.
 */
export function keptFileNote(request: StoredRequest, config: Pick<Config, 'inboxUrl'>, dirs: Layout): string {
  return fr(
    `trop lourde pour l’e-mail, conservée sur le serveur : ${storedFilePath(dirs, request.file?.path ?? '')} ; à télécharger depuis la boîte de réception : ${requestLink(config, request.reference)}`,
  );
}

/** The request's page in the team's inbox (QUOTE_INBOX_URL). */
export function requestLink(config: Pick<Config, 'inboxUrl'>, reference: string): string {
  return new URL(`demandes/${encodeURIComponent(reference)}/`, config.inboxUrl).href;
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
  options: { confirmation: boolean; withoutFile?: boolean } = { confirmation: true },
): SendMailOptions {
  const attached = attachesFile(request, config) && !options.withoutFile;
  const name = `${request.firstName} ${request.lastName}`;
  const title = fr(`Demande de devis ${request.reference}`);
  const lines: Line[] = [
    { label: 'Référence', value: request.reference },
    { label: 'Reçue le', value: fr(`${formatDateTime(request.createdAt)} (heure de Paris)`) },
    { label: 'Prénom', value: request.firstName },
    { label: 'Nom', value: request.lastName },
    { label: 'E-mail', value: request.email },
    { label: 'Téléphone', value: request.phone },
    { label: 'Prestation', value: serviceLabel(request.serviceType) },
    { label: 'Lieu d’intervention', value: locationLabel(request.location) },
    {
      label: 'Pièce jointe',
      value: request.file
        ? `${request.file.name} (${formatFileSize(request.file.size)})${attached ? '' : `, ${keptFileNote(request, config, dirs)}`}`
        : 'aucune',
    },
    {
      label: 'Confirmation au visiteur',
      value: options.confirmation
        ? 'envoyée'
        : fr(
            `non envoyée (${CONFIRMATIONS_PER_ADDRESS} confirmations déjà envoyées à cette adresse en ${CONFIRMATION_WINDOW_HOURS} h) : répondez-lui vous-même`,
          ),
    },
  ];
  const reply = fr(`Répondez à ce message pour écrire à ${name} (${request.email}).`);
  const text = [title, '', textLines(lines), '', `Description${NBSP}:`, request.description, '', reply, ''].join('\n');
  const html = htmlDocument(
    title,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${htmlTable(lines)}` +
      `<h2 style="font-size:16px">Description</h2><p>${escapeHtml(request.description).replace(/\n/g, '<br>')}</p>` +
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
  const name = greetingName(request.firstName);
  const greeting = name ? `Bonjour ${name},` : 'Bonjour,';
  const paragraphs = [
    fr(`Nous avons bien reçu votre demande de devis et nous vous en remercions.`),
    `${responsePromise.sentence} ${fr(
      `Si vous nous contactez d’ici là, rappelez la référence de votre demande : nous sommes joignables au ${site.phone}.`,
    )}`,
  ];
  const closing = [fr('Cordialement,'), fr(`L’équipe ${site.name}`), siteUrl];
  const notice = fr('Ce message vous est envoyé automatiquement à la suite de votre demande sur notre site.');
  const text = [
    greeting,
    '',
    paragraphs[0],
    '',
    textLines(lines),
    '',
    paragraphs[1],
    '',
    ...closing,
    '',
    notice,
    '',
  ].join('\n');
  const html = htmlDocument(
    title,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(paragraphs[0] ?? '')}</p>${htmlTable(lines)}<p>${escapeHtml(paragraphs[1] ?? '')}</p>` +
      `<p>${closing.map(escapeHtml).join('<br>')}</p><p style="font-size:12px;color:#6b7280">${escapeHtml(notice)}</p>`,
  );
  return {
    messageId: messageIdFor(request.reference, 'visitor', config.fromEmail),
    from: { name: site.name, address: config.fromEmail },
    to: request.email,
    replyTo: config.notifyEmail,
    subject: fr(`${title} – ${site.name}`),
    // RFC 3834: an automatic message, so that auto-responders do not reply to it.
    headers: { 'Auto-Submitted': 'auto-generated' },
    text,
    html,
  };
}

/** A send that failed after its data reached the relay (the final dot written): see isMaybeDelivered. */
export type AfterDataError = Error & { afterData?: boolean };

function markAfterData(error: unknown, afterData: boolean): unknown {
  if (afterData && error instanceof Error) (error as AfterDataError).afterData = true;
  return error;
}

export type Mailer = {
  /** Sends one mail; resolves once the SMTP server accepted it (or the .eml file is durably written). */
  send(message: SendMailOptions, emlName: string): Promise<void>;
  /** For the start-up log. */
  describe: string;
  close(): void;
};

export function createMailer(config: Config, dirs: Layout): Mailer {
  if (config.smtpUrl) {
    // One pooled connection, reused while mails are due (the worker sends one at a time anyway): a new
    // connection per mail costs more than the mail on a busy outbox.
    // Set once the message and its final dot are written to the relay's socket: nodemailer reports it in its
    // log (a 'message' line), and a drop or a time-out after it means the relay may have delivered.
    let dataWritten = false;
    const noop = () => {};
    const logger = {
      level: noop,
      trace: noop,
      debug: noop,
      info: (meta: unknown) => {
        if ((meta as { tnx?: unknown } | undefined)?.tnx === 'message') dataWritten = true;
      },
      warn: noop,
      error: noop,
      fatal: noop,
    };
    const transporter: Transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      logger,
      pool: true,
      maxConnections: 1,
      connectionTimeout: config.smtpTimeoutMs,
      greetingTimeout: config.smtpTimeoutMs,
      socketTimeout: config.smtpTimeoutMs * 2,
    });
    // A pooled connection failing while idle must not take the process down; sends report their own errors.
    transporter.on('error', () => {});
    const url = new URL(config.smtpUrl);
    return {
      async send(message) {
        // One send at a time (the worker's), on one connection: the flag is this send's.
        dataWritten = false;
        try {
          await transporter.sendMail(message);
        } catch (error) {
          throw markAfterData(error, dataWritten);
        }
      },
      describe: `SMTP ${url.protocol}//${url.host}`,
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message, emlName) {
      const info = await transporter.sendMail(message);
      await writeFileDurably(dirs, path.join(dirs.outbox, path.basename(emlName)), info.message as Buffer);
    },
    describe: `.eml files in ${dirs.outbox}`,
    close: () => transporter.close(),
  };
}
