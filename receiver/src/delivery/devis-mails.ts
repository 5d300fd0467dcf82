import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { DEVIS_CLIENT_PATH, formatFrenchDay, frenchTypography, site, siteUrl } from '../facts';
import type { FrozenDevis } from '../requests/devis/draft';
import { formatCents } from '../requests/devis/money';
import { devisReference, messageIdFor } from '../requests/mail-kinds';
import type { Db } from '../store/db';
import { companyMentions, escapeHtml, htmlDocument, htmlTable, textLines, type Line } from './mail-parts';

/**
 * The mail that sends a devis to its client (devis_sent): a short message, the link to the client's page
 * (`${siteUrl}${DEVIS_CLIENT_PATH}/<secret>`, the secret read from the outbox row while it is pending), the
 * PDF stored with the version attached, and the company's mentions. A later version says which one it
 * replaces. A version replaced before its mail left, or whose secret is gone, gets none (the row is
 * cancelled): the client would open a link that says « remplacée ».
 */

const fr = frenchTypography;

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
  config: Pick<Config, 'fromEmail' | 'notifyEmail'>,
): Promise<SendMailOptions | undefined> {
  const secret = row.link_secret === null || row.link_secret === undefined ? '' : String(row.link_secret);
  const result = await db.execute({
    sql: 'SELECT content, pdf, replaced_by, valid_until FROM devis_versions WHERE id = ?',
    args: [Number(row.devis_version_id)],
  });
  const version = result.rows[0];
  if (!version || secret === '' || version.replaced_by !== null || !(version.pdf instanceof ArrayBuffer)) {
    return undefined;
  }
  const content = JSON.parse(String(version.content)) as FrozenDevis;
  const link = devisLink(secret);
  const reference = devisReference(String(row.reference), content.number, content.version);
  const title = fr(`Votre devis ${content.number}`);
  const lines: Line[] = [
    { label: 'Devis', value: `n° ${content.number}${content.version > 1 ? `, version ${content.version}` : ''}` },
    { label: 'Montant', value: fr(`${formatCents(content.totals.ttcCents)} TTC`) },
    { label: 'Valable jusqu’au', value: formatFrenchDay(String(version.valid_until)) },
  ];
  const greeting = 'Bonjour,';
  const paragraphs = [
    content.version > 1
      ? fr(
          `Voici la version ${content.version} de notre devis ${content.number} : elle remplace la version ${content.version - 1}, qui n’est plus valable.`,
        )
      : fr(`Voici notre devis ${content.number}, suite à votre demande. Il est joint à ce message en PDF.`),
    fr('Pour le lire, l’accepter ou le refuser en ligne, ouvrez ce lien :'),
  ];
  const after = [
    fr('Ce lien vous est personnel : ne le transmettez qu’aux personnes qui décident avec vous.'),
    fr(`Pour toute question, répondez à ce message ou appelez-nous au ${site.phone}.`),
  ];
  const closing = [fr('Cordialement,'), fr(`L’équipe ${site.name}`), siteUrl];
  const mentions = companyMentions();
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph]),
    link,
    '',
    textLines(lines),
    '',
    ...after.flatMap((paragraph) => [paragraph, '']),
    ...closing,
    '',
    mentions,
    '',
  ].join('\n');
  const html = htmlDocument(
    title,
    `<p>${escapeHtml(greeting)}</p>` +
      paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(fr('Voir mon devis'))}</a><br>${escapeHtml(link)}</p>` +
      htmlTable(lines) +
      after.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
      `<p>${closing.map(escapeHtml).join('<br>')}</p><p style="font-size:12px;color:#6b7280">${escapeHtml(mentions)}</p>`,
  );
  return {
    messageId: messageIdFor(reference, 'devis_sent', config.fromEmail),
    from: { name: site.name, address: config.fromEmail },
    to: content.client.email,
    replyTo: config.notifyEmail,
    subject: fr(
      `${title}${content.version > 1 ? ` (version ${content.version}, remplace la version ${content.version - 1})` : ''} – ${site.name}`,
    ),
    headers: { 'Auto-Submitted': 'auto-generated' },
    text,
    html,
    attachments: [
      {
        filename: devisPdfName(content.number, content.version),
        content: Buffer.from(version.pdf),
        contentType: 'application/pdf',
      },
    ],
  };
}
