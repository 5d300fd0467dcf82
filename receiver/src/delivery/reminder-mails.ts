import type { SendMailOptions } from 'nodemailer';
import type { Row } from '@libsql/client';
import type { Config } from '../config';
import type { Db } from '../store/db';
import { formatFrenchDate, frenchTypography, NBSP, site } from '../facts';
import { atParisTime } from '../requests/deadline';
import { locationLabel, serviceLabel, statusLabel } from '../requests/labels';
import { dayReference, messageIdFor, type MailKind } from '../requests/mail-kinds';
import { isLate } from '../requests/open-late';
import { NEW_STATUS } from '../requests/statuses';
import { openRequests, toSummary, type RequestSummary } from '../store/reminders';
import { visible } from '../visible';
import { escapeHtml, formatDateTime, htmlDocument, htmlTable, requestLink, textLines, type Line } from './mail-parts';

/**
 * The team's mails about the call-back promise, sent by the outbox like the request's own two: the
 * reminder two working hours before a request's deadline, the late mail at the deadline, and the morning
 * digest of open and late requests. Each links to the request in the inbox (QUOTE_INBOX_URL) and carries
 * no more of the visitor's data than the company's notification: the reference, the name, the service,
 * the town and the dates (no e-mail, phone, description or file: the inbox shows them to a signed-in
 * member). A mail is written when its turn comes, from the store: a reminder or a late mail of a request
 * that is no longer « Nouvelle » is not sent (undefined), nor a digest with nothing open.
 */

export type TeamMailKind = Extract<MailKind, 'reminder' | 'late' | 'digest'>;

/** A digest lists at most this many requests, then links to the inbox for the rest. */
export const DIGEST_MAX_ROWS = 100;

const fr = frenchTypography;

function from(config: Pick<Config, 'fromEmail'>) {
  return { name: `${site.name} (site web)`, address: config.fromEmail };
}

/** The reminder (two working hours before the deadline) or the late mail (at it) of one request. */
export function reminderMail(
  kind: 'reminder' | 'late',
  request: RequestSummary,
  config: Pick<Config, 'fromEmail' | 'notifyEmail' | 'inboxUrl'>,
): SendMailOptions {
  // What the visitor typed reaches the team as the inbox shows it: invisible characters made visible.
  const name = visible(`${request.firstName} ${request.lastName}`);
  const deadline = request.deadlineAt ? formatDateTime(request.deadlineAt) : '';
  // The subject and the heading: « Rappel : demande D-…, appel attendu avant le … », « En retard : demande
  // D-… non rappelée (échéance : …) ».
  const title = fr(
    kind === 'reminder'
      ? `Rappel : demande ${request.reference}, appel attendu avant le ${deadline}`
      : `En retard : demande ${request.reference} non rappelée (échéance : ${deadline})`,
  );
  const intro =
    kind === 'reminder'
      ? fr(`La demande de ${name} est encore « Nouvelle » : personne ne l’a marquée « Rappelée ».`)
      : fr(
          `Le délai promis est passé et la demande de ${name} est encore « Nouvelle » : rappelez au plus vite, puis marquez-la « Rappelée ».`,
        );
  const link = requestLink(config, request.reference);
  const lines: Line[] = [
    { label: 'Référence', value: request.reference },
    { label: 'Nom', value: name },
    { label: 'Prestation', value: serviceLabel(request.serviceType) },
    { label: 'Lieu d’intervention', value: locationLabel(request.location) },
    { label: 'Reçue le', value: fr(`${formatDateTime(request.createdAt)} (heure de Paris)`) },
    { label: 'À rappeler avant le', value: fr(`${deadline} (heure de Paris)`) },
  ];
  const open = fr('Ouvrir la demande dans la boîte de réception');
  return {
    messageId: messageIdFor(request.reference, kind, config.fromEmail),
    from: from(config),
    to: config.notifyEmail,
    subject: title,
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: [title, '', intro, '', textLines(lines), '', `${open}${NBSP}: ${link}`, ''].join('\n'),
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>${htmlTable(lines)}` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>`,
    ),
  };
}

/** The morning digest: late requests first, then the other open ones by deadline. */
export function digestMail(
  day: string,
  requests: RequestSummary[],
  now: Date,
  config: Pick<Config, 'fromEmail' | 'digestTo' | 'inboxUrl'>,
): SendMailOptions {
  const late = requests.filter((request) => isLate(request, now));
  const others = requests.filter((request) => !isLate(request, now));
  // « Demandes ouvertes : 3, dont aucune en retard », « …, dont 1 en retard ».
  const title = fr(
    `Demandes ouvertes : ${requests.length}, dont ${late.length === 0 ? 'aucune' : late.length} en retard`,
  );
  const describe = (request: RequestSummary) => {
    const deadline =
      request.status === NEW_STATUS && request.deadlineAt
        ? `à rappeler avant le ${formatDateTime(request.deadlineAt)}`
        : statusLabel(request.status);
    return fr(
      `${request.reference} – ${visible(`${request.firstName} ${request.lastName}`)} – ${serviceLabel(request.serviceType)}, ${locationLabel(request.location)} – ${deadline}`,
    );
  };
  const section = (heading: string, list: RequestSummary[]) => {
    const shown = list.slice(0, DIGEST_MAX_ROWS);
    return {
      text: [
        heading,
        ...shown.map((request) => `- ${describe(request)}${NBSP}: ${requestLink(config, request.reference)}`),
      ],
      html:
        `<h2 style="font-size:16px">${escapeHtml(heading)}</h2><ul>` +
        shown
          .map(
            (request) =>
              `<li><a href="${escapeHtml(requestLink(config, request.reference))}">${escapeHtml(describe(request))}</a></li>`,
          )
          .join('') +
        '</ul>',
    };
  };
  const sections = [
    ...(late.length > 0 ? [section(fr(`En retard (${late.length})`), late)] : []),
    ...(others.length > 0 ? [section(fr(`Ouvertes (${others.length})`), others)] : []),
  ];
  const more =
    late.length > DIGEST_MAX_ROWS || others.length > DIGEST_MAX_ROWS
      ? fr('La liste est coupée : la boîte de réception les montre toutes.')
      : '';
  const inbox = fr('La boîte de réception');
  return {
    messageId: messageIdFor(dayReference(day), 'digest', config.fromEmail),
    from: from(config),
    to: config.digestTo,
    subject: fr(`Récapitulatif du ${formatFrenchDate(now)} – ${title}`),
    headers: { 'Auto-Submitted': 'auto-generated' },
    text: [
      title,
      '',
      ...sections.flatMap((part) => [...part.text, '']),
      more,
      `${inbox}${NBSP}: ${config.inboxUrl}`,
      '',
    ].join('\n'),
    html: htmlDocument(
      title,
      `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${sections.map((part) => part.html).join('')}` +
        (more ? `<p>${escapeHtml(more)}</p>` : '') +
        `<p><a href="${escapeHtml(config.inboxUrl)}">${escapeHtml(inbox)}</a></p>`,
    ),
  };
}

/**
 * The mail of an outbox row of the team (its request's columns joined, or none for a digest), written now;
 * undefined when it is no longer needed.
 */
export async function teamMail(
  db: Db,
  kind: TeamMailKind,
  row: Row,
  config: Pick<Config, 'fromEmail' | 'notifyEmail' | 'digestTo' | 'digestTime' | 'inboxUrl'>,
  now: Date,
): Promise<SendMailOptions | undefined> {
  if (kind === 'digest') {
    // The digest of a day speaks as of its time that day (a retry sent later says the same), the open
    // requests being those of the moment it leaves.
    const day = String(row.digest_day);
    const asOf = config.digestTime ? atParisTime(new Date(`${day}T12:00:00Z`), config.digestTime) : now;
    const requests = await openRequests(db, asOf);
    return requests.length === 0 ? undefined : digestMail(day, requests, asOf, config);
  }
  if (row.reference === null || Number(row.spam) === 1 || row.status !== NEW_STATUS) return undefined;
  return reminderMail(kind, toSummary(row), config);
}
