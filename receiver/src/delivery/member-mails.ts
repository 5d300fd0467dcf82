import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { frenchTypography, site } from '../facts';
import type { Db } from '../store/db';
import { reachableMember } from '../store/members';
import { visible } from '../visible';
import { escapeHtml, formatDateTime, htmlDocument, htmlTable, textLines, type Line } from './mail-parts';

/**
 * The mails about a member of the team: today, the one announcing a new passkey (one per passkey, queued
 * in the transaction that stores it: inbox/passkeys.ts). It tells the member which device and when, and
 * what to do if it was not them: a few minutes with an unlocked phone must not become silent access. A
 * member disabled or erased by then gets nothing (undefined: the row is cancelled).
 */

const fr = frenchTypography;

/** « Mes appareils » in the inbox (inbox/paths.ts ROUTES.devices, under QUOTE_INBOX_URL). */
export function devicesLink(config: Pick<Config, 'inboxUrl'>): string {
  return new URL('appareils', config.inboxUrl).href;
}

export async function passkeyMail(
  db: Db,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'inboxUrl'>,
): Promise<SendMailOptions | undefined> {
  const member = await reachableMember(db, Number(row.outbox_member_id));
  if (!member) return undefined;
  const device = visible(String(row.outbox_detail ?? '')) || 'appareil inconnu';
  const title = fr(`Nouvelle clé d’accès à la boîte de réception de ${site.name}`);
  const greeting = `Bonjour ${visible(String(member.name))},`;
  const lines: Line[] = [
    { label: 'Appareil', value: device },
    { label: 'Ajoutée le', value: fr(`${formatDateTime(String(row.queued_at))} (heure de Paris)`) },
  ];
  const link = devicesLink(config);
  const intro = fr('Une clé d’accès vient d’être ajoutée à votre compte de la boîte de réception :');
  const yours = 'Si c’est vous, il n’y a rien à faire.';
  const notYours = [
    fr(
      'Si ce n’est pas vous, quelqu’un d’autre peut ouvrir la boîte de réception à votre place. Retirez cette clé tout de suite dans « Mes appareils » :',
    ),
    fr(
      'puis prévenez le responsable de la boîte : il peut retirer d’un coup toutes vos clés d’accès et fermer vos sessions, et vous donner un nouveau lien d’inscription.',
    ),
  ];
  const notice = fr(
    `Ce message est envoyé automatiquement à chaque nouvelle clé d’accès. Vous ne pouvez pas y répondre.`,
  );
  return {
    messageId: String(row.outbox_message_id),
    from: { name: `${site.name} (boîte de réception)`, address: config.fromEmail },
    to: String(member.email),
    subject: title,
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: [
      greeting,
      '',
      intro,
      '',
      textLines(lines),
      '',
      yours,
      '',
      `${notYours[0]} ${link}`,
      notYours[1],
      '',
      notice,
      '',
    ].join('\n'),
    html: htmlDocument(
      title,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>${htmlTable(lines)}<p>${escapeHtml(yours)}</p>` +
        `<p>${escapeHtml(notYours[0] ?? '')} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a><br>${escapeHtml(notYours[1] ?? '')}</p>` +
        `<p style="font-size:12px;color:#6b7280">${escapeHtml(notice)}</p>`,
    ),
  };
}
