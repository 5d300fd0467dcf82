import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { formatFrenchDateTime, formatPrice, frenchTypography, lowerFirst, NBSP, siteUrl, type Site } from '../facts';
import type { ServedCompany } from '../pages/shell';

/** An outbox row's text column (the link's secret, the detail), '' when it is empty or was cleared. */
export function rowText(row: Row, column: 'link_secret' | 'outbox_detail'): string {
  const value = row[column];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * What every mail is made of: its HTML page and table, the same lines as text, the dates, the link to a
 * request in the team's inbox. Fields only go into HTML after escapeHtml().
 */

/** "23 novembre 2026 à 14 h 05", "… à 9 h 30", "… à 14 h": Paris time, the site's one format (lib/format.ts). */
export function formatDateTime(iso: string): string {
  return formatFrenchDateTime(new Date(iso));
}

/**
 * The company's mentions that its correspondence must carry (Code de commerce, R. 123-237 and R. 123-238):
 * name, legal form, capital, RCS and registered office, from the company's facts (`site`: the ones published,
 * store/site-data.ts publishedSite, when the mail or the page is written). At the foot of every mail to a
 * visitor or a client, and of every page a client reads.
 */
export function companyMentions(site: Site): string {
  const { street, postalCode, city } = site.address;
  return frenchTypography(
    `${site.legalName}, ${lowerFirst(site.legalForm)} au capital de ${formatPrice(site.capital)}, ${site.rcs}, siège social : ${street}, ${postalCode} ${city}.`,
  );
}

/** The company as a page the receiver serves cites it (pages/shell.tsx): its facts and its mentions. */
export function servedCompany(site: Site): ServedCompany {
  return { site, mentions: companyMentions(site) };
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

/** The request's page in the team's inbox (QUOTE_INBOX_URL). */
export function requestLink(config: Pick<Config, 'inboxUrl'>, reference: string): string {
  return new URL(`demandes/${encodeURIComponent(reference)}/`, config.inboxUrl).href;
}

/** A block of a mail to a visitor or a client: a paragraph, or a table of labelled values. */
export type MailBlock = string | Line[];

/**
 * A mail to a visitor or a client, in the one shape they all have: the greeting, the blocks, the team's
 * signature, why the mail was sent, and the company's mentions (companyMentions); as text and as HTML, from
 * the company's address, Reply-To the team, marked automatic (RFC 3834: auto-responders do not answer it).
 * Only fixed texts and values checked by the caller go in: never free text a stranger typed.
 */
export function mailToClient(
  config: Pick<Config, 'fromEmail' | 'notifyEmail'>,
  mail: {
    /** The company's facts when the mail is written (the ones published: MailContext.site). */
    site: Site;
    to: string;
    messageId: string;
    /** The subject without the company's name, which follows it. */
    title: string;
    /** The first name to greet, or none. */
    name: string | undefined;
    blocks: MailBlock[];
    /** Why the visitor receives it (« Ce message vous est envoyé automatiquement… »). */
    notice: string;
    attachments?: SendMailOptions['attachments'];
  },
): SendMailOptions {
  const { site } = mail;
  const greeting = mail.name ? `Bonjour ${mail.name},` : 'Bonjour,';
  const closing = [frenchTypography('Cordialement,'), frenchTypography(`L’équipe ${site.name}`), siteUrl];
  const mentions = companyMentions(site);
  const text = [
    greeting,
    '',
    ...mail.blocks.flatMap((block) => [typeof block === 'string' ? block : textLines(block), '']),
    ...closing,
    '',
    mail.notice,
    mentions,
    '',
  ].join('\n');
  const html = htmlDocument(
    mail.title,
    `<p>${escapeHtml(greeting)}</p>` +
      mail.blocks
        .map((block) => (typeof block === 'string' ? `<p>${escapeHtml(block)}</p>` : htmlTable(block)))
        .join('') +
      `<p>${closing.map(escapeHtml).join('<br>')}</p><p style="font-size:12px;color:#6b7280">${escapeHtml(mail.notice)}<br>${escapeHtml(mentions)}</p>`,
  );
  return {
    messageId: mail.messageId,
    from: { name: site.name, address: config.fromEmail },
    to: mail.to,
    replyTo: config.notifyEmail,
    subject: frenchTypography(`${mail.title} – ${site.name}`),
    headers: { 'Auto-Submitted': 'auto-generated' },
    text,
    html,
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  };
}
