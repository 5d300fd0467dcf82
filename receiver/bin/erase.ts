import { existsSync } from 'node:fs';
import path from 'node:path';
import { csvDate, MAIL_STATUS } from '../src/store/csv';
import { outboxOf, requestsByEmail } from '../src/store/db';
import { emailKey } from '../src/email';
import { eraseRequests } from '../src/store/purge';
import { storedFilePath } from '../src/store/storage';
import { printable } from '../src/printable';
import { fail, openTool, parse } from './cli';

/** Who each mail of a request went to (the team's reminders included). */
const MAIL_KIND: Record<string, string> = {
  company: 'à l’entreprise',
  visitor: 'au visiteur',
  reminder: 'de rappel à l’entreprise',
  late: 'de retard à l’entreprise',
};

/**
 * `npm run receiver:erase -- --email x@y [--yes]` (RGPD rights of access and erasure): lists every request
 * of an address, its files, its mails; with --yes erases them all (rows, files, outbox rows, .eml copies).
 * Mails already delivered to the company's mailbox are outside the receiver: the tool reminds the owner.
 */
const usage = 'Usage : npm run receiver:erase -- --email adresse@exemple.fr [--yes]';
const { values } = parse({ email: { type: 'string' }, yes: { type: 'boolean', default: false } }, usage);
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.email) fail(`Indiquez l’adresse avec --email.\n\n${usage}`);

const { db, dirs } = await openTool();
const requests = await requestsByEmail(db, emailKey(values.email));
if (requests.length === 0) {
  console.log(`Aucune demande enregistrée pour ${values.email}.`);
  db.close();
  process.exit(0);
}
const mails = await outboxOf(
  db,
  requests.map((request) => request.id),
);
console.log(printable(`${requests.length} demande(s) pour ${values.email} :`));
for (const request of requests) {
  console.log(
    printable(
      `- ${request.reference}, reçue le ${csvDate(request.createdAt)}${request.spam ? ' (spam)' : ''} : ${request.firstName} ${request.lastName}, ${request.phone}`,
    ),
  );
  if (request.file)
    console.log(printable(`  pièce jointe ${request.file.name} : ${storedFilePath(dirs, request.file.path)}`));
  for (const mail of mails.filter((entry) => entry.requestId === request.id)) {
    const eml = path.join(dirs.outbox, `${request.reference}-${mail.kind}.eml`);
    console.log(
      `  e-mail ${MAIL_KIND[mail.kind] ?? mail.kind} : ${MAIL_STATUS[mail.status] ?? mail.status}${existsSync(eml) ? ` (copie ${eml})` : ''}`,
    );
  }
}
if (!values.yes) {
  console.log('\nRien n’est effacé. Relancez avec --yes pour tout effacer.');
} else {
  await eraseRequests(db, dirs, requests);
  console.log(
    `\nEffacé : ${requests.length} demande(s), leurs pièces jointes et leurs e-mails en attente ou archivés.`,
  );
  console.log('Pensez à supprimer aussi les e-mails déjà reçus dans la boîte de l’entreprise.');
}
db.close();
