import { existsSync } from 'node:fs';
import path from 'node:path';
import { csvDate } from '../store/csv';
import { MAIL_STATUS } from '../requests/labels';
import { emlName, isMailKind, MAIL_KINDS } from '../requests/mail-kinds';
import { outboxOf, requestsByEmail } from '../store/request-queries';
import { emailKey } from '../email';
import { eraseRequests } from '../store/purge';
import { keptDevis } from '../store/devis-queries';
import { storedFilePath } from '../store/storage';
import { printable } from '../printable';
import { command, fail, parse, say, withTool } from './cli';

/**
 * `npm run receiver:erase -- --email x@y [--yes]` (RGPD rights of access and erasure): lists every request
 * of an address, its files, its mails; with --yes erases them all (rows, files, outbox rows, .eml copies).
 * Nothing is asked on the terminal: without --yes, nothing is erased. Mails already delivered to the
 * company's mailbox are outside the receiver: the tool reminds the owner.
 */
const usage = 'Usage : npm run receiver:erase -- --email adresse@exemple.fr [--yes]';

export const main = command(async (argv, io) => {
  const { values } = parse(argv, { email: { type: 'string' }, yes: { type: 'boolean', default: false } }, usage);
  if (values.help) {
    say(io.stdout, usage);
    return;
  }
  const email = values.email;
  if (!email) fail(`Indiquez l’adresse avec --email.\n\n${usage}`);

  await withTool(io, async ({ db, dirs }) => {
    const requests = await requestsByEmail(db, emailKey(email));
    if (requests.length === 0) {
      say(io.stdout, `Aucune demande enregistrée pour ${email}.`);
      return;
    }
    const mails = await outboxOf(
      db,
      requests.map((request) => request.id),
    );
    say(io.stdout, printable(`${requests.length} demande(s) pour ${email} :`));
    for (const request of requests) {
      say(
        io.stdout,
        printable(
          `- ${request.reference}, reçue le ${csvDate(request.createdAt)}${request.spam ? ' (spam)' : ''} : ${request.firstName} ${request.lastName}, ${request.phone}`,
        ),
      );
      if (request.file) {
        say(io.stdout, printable(`  pièce jointe ${request.file.name} : ${storedFilePath(dirs, request.file.path)}`));
      }
      for (const mail of mails.filter((entry) => entry.requestId === request.id)) {
        const { kind } = mail;
        const label = isMailKind(kind) ? MAIL_KINDS[kind].label : kind;
        const eml = isMailKind(kind) ? path.join(dirs.outbox, emlName(request.reference, kind)) : undefined;
        say(
          io.stdout,
          `  e-mail ${label} : ${MAIL_STATUS[mail.status] ?? mail.status}${eml && existsSync(eml) ? ` (copie ${eml})` : ''}`,
        );
      }
    }
    // An accepted devis must be kept ten years (C. conso. L. 213-1): its request stays, and the tool says why.
    const kept = await keptDevis(
      db,
      requests.map((request) => request.id),
      new Date(),
    );
    for (const devis of kept) {
      const reference = requests.find((request) => request.id === devis.requestId)?.reference ?? '';
      say(
        io.stdout,
        printable(
          `  conservée : ${reference}, devis accepté ${devis.number ?? ''} gardé jusqu’au ${csvDate(devis.retainUntil)} (articles L. 213-1 et D. 213-1 du Code de la consommation : obligation légale, RGPD article 17-3, b).`,
        ),
      );
    }
    const erasable = requests.filter((request) => !kept.some((devis) => devis.requestId === request.id));
    if (!values.yes) {
      say(io.stdout, '\nRien n’est effacé. Relancez avec --yes pour tout effacer.');
    } else {
      await eraseRequests(db, dirs, erasable);
      say(
        io.stdout,
        `\nEffacé : ${erasable.length} demande(s), leurs pièces jointes et leurs e-mails en attente ou archivés.`,
      );
      if (kept.length > 0) {
        say(
          io.stdout,
          `Conservé : ${kept.length} demande(s) avec un devis accepté, dont la loi impose la conservation (voir ci-dessus) ; dites-le à la personne.`,
        );
      }
      say(io.stdout, 'Pensez à supprimer aussi les e-mails déjà reçus dans la boîte de l’entreprise.');
    }
  });
});
