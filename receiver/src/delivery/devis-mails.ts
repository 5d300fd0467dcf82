import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { DEVIS_CLIENT_PATH, devisClientMailTexts, formatFrenchDay, siteUrl } from '../facts';
import { formatCents } from '../requests/devis/money';
import { devisReference, messageIdFor } from '../requests/mail-kinds';
import type { Db } from '../store/db';
import { versionToSend } from '../store/devis-reads';
import { publishedSite } from '../store/site-data';
import { attachmentsSentence, demonstrationBlocks, demonstrationTitle, devisAttachments } from './devis-attachments';
import { mailToClient, rowText, type Line } from './mail-parts';

/**
 * The mail that sends a devis to its client (devis_sent): a short message, the link to the client's page
 * (`${siteUrl}${DEVIS_CLIENT_PATH}/<secret>`, the secret read from the outbox row while it is pending), the
 * PDF stored with the version attached, and the company's mentions. A later version says which one it
 * replaces. A version replaced before its mail left, or whose secret is gone, gets none (the row is
 * cancelled): the client would open a link that says « remplacée ».
 */

const texts = devisClientMailTexts;

/** The client's link to a version. */
export function devisLink(secret: string): string {
  return `${siteUrl}${DEVIS_CLIENT_PATH}/${secret}`;
}

/** The PDF's file name, as attached and downloaded. */
export function devisPdfName(number: string, version: number): string {
  return `devis-${number}-v${version}.pdf`;
}

export async function devisSentMail(
  db: Db,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'notifyEmail' | 'decennialAttestation' | 'site'>,
): Promise<SendMailOptions | undefined> {
  const secret = rowText(row, 'link_secret');
  const version = await versionToSend(db, Number(row.devis_version_id));
  if (!version || secret === '' || version.replaced || !version.pdf) return undefined;
  const { content } = version;
  const link = devisLink(secret);
  const reference = devisReference(String(row.reference), content.number, content.version);
  const replaces = content.version > 1;
  const lines: Line[] = [
    { label: texts.lines.devis, value: texts.lines.number(content.number, replaces ? content.version : undefined) },
    { label: texts.lines.amount, value: texts.lines.ttc(formatCents(content.totals.ttcCents)) },
    { label: texts.lines.validUntil, value: formatFrenchDay(version.validUntil) },
  ];
  // The company as published when the mail is written (store/site-data.ts); the PDF keeps the facts frozen
  // with the version.
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: content.client.email,
    messageId: messageIdFor(reference, 'devis_sent', config.fromEmail),
    title: demonstrationTitle(content, texts.sent.title(content.number, content.version)),
    // The name the team typed may be a company's or a couple's: the greeting stays plain.
    name: undefined,
    blocks: [
      ...demonstrationBlocks(content),
      replaces ? texts.sent.replaces(content.number, content.version) : texts.sent.first(content.number),
      attachmentsSentence(content, config),
      texts.link.open,
      link,
      lines,
      texts.link.personal,
      texts.questions(company.phone),
    ],
    notice: texts.fromTeam,
    attachments: [
      {
        filename: devisPdfName(content.number, content.version),
        content: Buffer.from(version.pdf),
        contentType: 'application/pdf',
      },
      // The CGV that govern it and, for works under the décennale, the attestation.
      ...(await devisAttachments(content, config)),
    ],
  });
}
