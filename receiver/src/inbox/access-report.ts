import { emailKey, mailboxKey } from '../email';
import { formatFileSize, retention, reviewRules, typeset, years, type Site } from '../facts';
import { MAIL_STATUS } from '../requests/labels';
import { isMailKind, MAIL_KINDS } from '../requests/mail-kinds';
import type { Db } from '../store/db';
import { outboxOf, requestsByEmail } from '../store/request-queries';
import { optedOutAt, reviewsOfRequest } from '../store/reviews';
import { eventsOf, requestByReference } from '../store/inbox-reads';
import { formatDateTime } from './ui/format';
import { locationLabel, serviceLabel, statusLabel } from './ui/labels';
import { describeEvent } from './ui/request-page';

/**
 * The right of access (RGPD art. 15): everything the receiver holds about one e-mail address, as a plain
 * French text file that the person can read: each request with every field, its file (listed, not
 * attached), its status and reason, who called back and when, its assignment, its mails, and its whole
 * history with the team's notes. The inbox (a request's page) and `npm run receiver:access` write the same
 * file. Nothing is left out: a note the team wrote about the person is theirs to read.
 */

export type AccessReport = { text: string; requests: number };

/** A review's state, as the person reads it. */
const REVIEW_STATES = { waiting: 'en attente de relecture', published: 'publié', refused: 'non publié' } as const;

/** « - Label : value »: the label typeset, the person's own text left exactly as it is stored. */
function field(label: string, value: string): string {
  return `${typeset(`- ${label} :`)} ${value.replace(/\r?\n/g, '\n  ')}`;
}

/**
 * The access file of one address, whatever its case (the requests the erasure would take); `site`, the
 * company as published (store/site-data.ts publishedSite): who holds the data, whom to write to.
 */
export async function accessReport(db: Db, email: string, now: Date, site: Site): Promise<AccessReport> {
  const requests = await requestsByEmail(db, emailKey(email));
  const lines: string[] = [
    `Données détenues sur ${email}`,
    `par ${site.legalName}, ${site.address.street}, ${site.address.postalCode} ${site.address.city}`,
    typeset(`Document établi le ${formatDateTime(now)}.`),
    '',
  ];
  if (requests.length === 0) {
    lines.push('Aucune demande n’est enregistrée pour cette adresse.');
  } else {
    lines.push(
      requests.length === 1
        ? 'Une demande de devis est enregistrée pour cette adresse.'
        : `${requests.length} demandes de devis sont enregistrées pour cette adresse.`,
    );
  }
  const mails = await outboxOf(
    db,
    requests.map((request) => request.id),
  );
  for (const stored of requests) {
    const request = await requestByReference(db, stored.reference);
    if (!request) continue;
    const events = await eventsOf(db, request.id);
    lines.push(
      '',
      `Demande ${request.reference}`,
      field(
        'Reçue le',
        `${formatDateTime(new Date(request.createdAt))}${request.spam ? ' (classée indésirable)' : ''}`,
      ),
      field('Prénom', request.firstName),
      field('Nom', request.lastName),
      field('E-mail', request.email),
      field('Téléphone', request.phone),
      field('Prestation', serviceLabel(request.serviceType)),
      field('Lieu d’intervention', locationLabel(request.location)),
      field('Description', request.description),
      field(
        'Pièce jointe',
        request.file
          ? `${request.file.name} (${formatFileSize(request.file.size)}), conservée sur le serveur`
          : 'aucune',
      ),
      field('Statut', statusLabel(request.status)),
      ...(request.statusReason ? [field('Motif', request.statusReason)] : []),
    );
    if (request.deadlineAt) lines.push(field('Rappel promis avant le', formatDateTime(new Date(request.deadlineAt))));
    if (request.calledBackAt) {
      const by = request.calledBackBy ? ` par ${request.calledBackBy}` : '';
      lines.push(field('Rappelée le', `${formatDateTime(new Date(request.calledBackAt))}${by}`));
    }
    lines.push(field('Attribuée à', request.assignee?.name ?? 'personne'));
    for (const mail of mails.filter((entry) => entry.requestId === request.id)) {
      lines.push(
        field(
          `E-mail ${isMailKind(mail.kind) ? MAIL_KINDS[mail.kind].label : mail.kind}`,
          MAIL_STATUS[mail.status] ?? mail.status,
        ),
      );
    }
    for (const review of await reviewsOfRequest(db, request.id)) {
      lines.push(
        field(
          'Avis',
          `${review.rating}/${reviewRules.rating.max}, signé « ${review.name} », ${REVIEW_STATES[review.status]}, ${formatDateTime(new Date(review.updatedAt))}`,
        ),
        field('Texte de l’avis', review.text),
        ...(review.answer ? [field('Réponse de l’entreprise', review.answer)] : []),
      );
    }
    lines.push(typeset('- Historique et notes de l’équipe :'));
    lines.push(`  - Reçue le ${formatDateTime(new Date(request.createdAt))}.`);
    for (const entry of events) lines.push(`  - ${describeEvent(entry).replace(/\r?\n/g, '\n    ')}`);
  }
  const optedOut = await optedOutAt(db, mailboxKey(email));
  if (optedOut) {
    lines.push('', typeset(`Demandes d’avis : refusées depuis le ${formatDateTime(new Date(optedOut))}.`));
  }
  lines.push(
    '',
    typeset(
      `Ces données sont conservées ${years(retention.quoteRequestYears)} après votre dernier contact, puis effacées. Pour les faire rectifier ou effacer : ${site.privacyEmail}.`,
    ),
  );
  return { text: `${lines.join('\n')}\n`, requests: requests.length };
}
