import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { devisClientMailTexts, formatFrenchDay, isoDay } from '../facts';
import { formatCents } from '../requests/devis/money';
import { DEVIS_AWAITING } from '../requests/devis/statuses';
import { devisReference, messageIdFor } from '../requests/mail-kinds';
import type { Db } from '../store/db';
import { versionToRemind } from '../store/devis-reads';
import { publishedSite } from '../store/site-data';
import { devisLink } from './devis-mails';
import { mailToClient, rowText, type Line } from './mail-parts';
import { demonstrationBlocks, demonstrationTitle } from './devis-attachments';

/**
 * The reminder a member sends the client (devis_reminder_client, « Relancer le client »): a short, polite
 * message with the devis's number, its total TTC, its last valid day and a new link to the same version (its
 * secret read from the outbox row while it is pending), and the company's mentions, in the shape of every
 * mail to a client (mailToClient). No longer true when its turn comes (the devis answered, replaced or
 * expired meanwhile, or the secret gone): the row is cancelled, nothing reaches the client.
 */

const texts = devisClientMailTexts;

export async function devisReminderClientMail(
  db: Db,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'notifyEmail' | 'site'>,
  now: Date,
): Promise<SendMailOptions | undefined> {
  const secret = rowText(row, 'link_secret');
  const version = await versionToRemind(db, Number(row.devis_version_id));
  if (
    !version ||
    secret === '' ||
    version.replaced ||
    !version.current ||
    !DEVIS_AWAITING.includes(version.status) ||
    version.validUntil < isoDay(now)
  ) {
    return undefined;
  }
  const { content } = version;
  const until = formatFrenchDay(version.validUntil);
  const named = `${content.number}${content.version > 1 ? `, version ${content.version}` : ''}`;
  const lines: Line[] = [
    {
      label: texts.lines.devis,
      value: texts.lines.number(content.number, content.version > 1 ? content.version : undefined),
    },
    { label: texts.lines.amount, value: texts.lines.ttc(formatCents(content.totals.ttcCents)) },
    { label: texts.lines.validUntil, value: texts.lines.validUntilIncluded(until) },
  ];
  const company = publishedSite(config.site?.sourceDir);
  return mailToClient(config, {
    site: company,
    to: content.client.email,
    messageId: messageIdFor(
      devisReference(String(row.reference), content.number, content.version),
      'devis_reminder_client',
      config.fromEmail,
    ),
    title: demonstrationTitle(content, texts.reminder.title(content.number)),
    // The name the team typed may be a company's or a couple's: the greeting stays plain.
    name: undefined,
    blocks: [
      ...demonstrationBlocks(content),
      texts.reminder.intro(named, until),
      texts.link.open,
      devisLink(secret),
      lines,
      texts.link.personal,
      texts.reminder.questions(company.phone),
    ],
    notice: texts.fromTeam,
  });
}
