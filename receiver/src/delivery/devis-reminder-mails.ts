import type { Row } from '@libsql/client';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import { devisTerms, formatFrenchDay, frenchTypography, NBSP, site } from '../facts';
import { formatCents } from '../requests/devis/money';
import type { DevisReminderKind } from '../requests/devis/reminders';
import { DEVIS_AWAITING, devisStatusLabel } from '../requests/devis/statuses';
import { devisReference, messageIdFor } from '../requests/mail-kinds';
import type { Db } from '../store/db';
import { devisReminderState, type DevisReminderState } from '../store/devis-reads';
import { visible } from '../visible';
import { escapeHtml, formatDateTime, htmlDocument, htmlTable, requestLink, textLines, type Line } from './mail-parts';

/**
 * The team's reminders about a sent devis (requests/devis/reminders.ts), written when the outbox's turn
 * comes: to the member the request is assigned to, else to the member who sent the devis, else to the
 * company's address (QUOTE_NOTIFY_EMAIL); never to the client (« Relancer le client » is the team's own
 * choice). Like the other team mails they name the client and link to the request in the inbox, and carry
 * nothing else the client typed. A reminder no longer true when its turn comes (the devis answered, replaced,
 * expired, or its request marked spam) is cancelled (undefined).
 */

const fr = frenchTypography;

/** « Devis DEV-2026-0001 pour Élodie Martin : pas encore ouvert » (no « de » before a name that may need « d’ »). */
const STATES: Record<DevisReminderKind, string> = {
  devis_not_opened: 'pas encore ouvert',
  devis_not_answered: 'sans réponse',
  devis_expiring: 'expire bientôt',
};

function intro(kind: DevisReminderKind, state: DevisReminderState): string {
  const { notOpenedWorkingDays, notAnsweredWorkingDays } = devisTerms.reminders;
  const until = formatFrenchDay(state.validUntil);
  switch (kind) {
    case 'devis_not_opened':
      return fr(
        `Le client n’a pas ouvert le lien de son devis ${notOpenedWorkingDays} jours ouvrés après l’envoi. Vérifiez son adresse e-mail, ou appelez-le.`,
      );
    case 'devis_not_answered':
      return fr(
        `Le client n’a ni accepté ni refusé son devis ${notAnsweredWorkingDays} jours ouvrés après l’envoi. Il reste valable jusqu’au ${until} inclus.`,
      );
    case 'devis_expiring':
      return fr(
        `Le devis reste valable jusqu’au ${until} inclus, sans réponse du client à ce jour. Passé cette date, il faudra en envoyer un nouveau.`,
      );
  }
}

/** The mail of a reminder's outbox row (its request's columns and its version's joined), or undefined. */
export async function devisReminderMail(
  db: Db,
  kind: DevisReminderKind,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'notifyEmail' | 'inboxUrl'>,
): Promise<SendMailOptions | undefined> {
  const state = await devisReminderState(db, Number(row.devis_version_id));
  if (!state || !state.current || !DEVIS_AWAITING.includes(state.status)) return undefined;
  const number = String(row.devis_number);
  const version = Number(row.devis_version);
  const requestReference = String(row.reference);
  // What the client typed reaches the team as the inbox shows it: invisible characters made visible.
  const name = visible(`${String(row.first_name)} ${String(row.last_name)}`);
  const title = fr(`Devis ${number} pour ${name} : ${STATES[kind]}`);
  const link = requestLink(config, requestReference);
  const lines: Line[] = [
    { label: 'Devis', value: version > 1 ? fr(`${number}, version ${version}`) : number },
    { label: 'Demande', value: requestReference },
    { label: 'Client', value: name },
    { label: 'Envoyé le', value: fr(`${formatDateTime(String(row.devis_sent_at))} (heure de Paris)`) },
    { label: 'État', value: devisStatusLabel(state.status) },
    { label: 'Montant TTC', value: formatCents(state.totalTtcCents) },
    { label: 'Valable jusqu’au', value: fr(`${formatFrenchDay(state.validUntil)} inclus`) },
  ];
  const open = fr('Ouvrir la demande dans la boîte de réception');
  const text = intro(kind, state);
  return {
    messageId: messageIdFor(devisReference(requestReference, number, version), kind, config.fromEmail),
    from: { name: `${site.name} (site web)`, address: config.fromEmail },
    to: state.to ?? config.notifyEmail,
    subject: title,
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: [title, '', text, '', textLines(lines), '', `${open}${NBSP}: ${link}`, ''].join('\n'),
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${htmlTable(lines)}` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>`,
    ),
  };
}
