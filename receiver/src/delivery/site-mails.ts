import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { frenchTypography, site } from '../facts';
import type { Db } from '../store/db';
import { deployFailureMailOf } from '../store/publications';
import { visible } from '../visible';
import { escapeHtml, formatDateTime, htmlDocument, htmlTable, textLines, type Line } from './mail-parts';

const fr = frenchTypography;

/**
 * The mail to a manager when a publication went online here but its copy to another host failed
 * (SITE_DEPLOY_COMMAND, docs/publication.md): which publication, by whom, and the error with what to do. A
 * manager disabled or erased by then gets nothing (undefined: the row is cancelled).
 */
export async function siteDeployFailedMail(
  db: Db,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'inboxUrl'>,
): Promise<SendMailOptions | undefined> {
  const found = await deployFailureMailOf(db, Number(row.outbox_member_id), Number(row.outbox_detail));
  if (!found) return undefined;
  const { publication } = found;
  const title = fr(`Publication du site ${site.name} : la copie chez l’autre hébergeur a échoué`);
  const greeting = `Bonjour ${visible(found.name)},`;
  const lines: Line[] = [
    { label: 'Publication', value: fr(`n° ${publication.id}`) },
    { label: 'Par', value: visible(publication.author.name) },
    { label: 'Le', value: fr(`${formatDateTime(publication.startedAt)} (heure de Paris)`) },
  ];
  const error = publication.deployError ?? '';
  const notice = fr('Ce message est envoyé automatiquement à chaque responsable. Vous ne pouvez pas y répondre.');
  return {
    messageId: String(row.outbox_message_id),
    from: { name: `${site.name} (boîte de réception)`, address: config.fromEmail },
    to: found.email,
    subject: title,
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: [greeting, '', textLines(lines), '', error, '', config.inboxUrl, '', notice, ''].join('\n'),
    html: htmlDocument(
      title,
      `<p>${escapeHtml(greeting)}</p>${htmlTable(lines)}<p>${escapeHtml(error)}</p>` +
        `<p><a href="${escapeHtml(config.inboxUrl)}">${escapeHtml(config.inboxUrl)}</a></p><p>${escapeHtml(notice)}</p>`,
    ),
  };
}
