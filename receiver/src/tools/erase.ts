import { existsSync } from 'node:fs';
import path from 'node:path';
import { csvDate } from '../store/csv';
import { MAIL_STATUS } from '../requests/labels';
import { emlName, isMailKind, MAIL_KINDS } from '../requests/mail-kinds';
import { outboxOf, requestsByEmail } from '../store/request-queries';
import { emailKey } from '../email';
import { eraseRequests, eraseTerminations } from '../store/purge';
import { terminationsByEmail, type StoredTermination } from '../store/termination-queries';
import { addMonths, formatFrenchDay, retention } from '../facts';
import { storedFilePath } from '../store/storage';
import { printable } from '../printable';
import { command, fail, parse, say, withTool, type Output } from './cli';

/**
 * `npm run receiver:erase -- --email x@y [--yes]` (RGPD rights of access and erasure): lists every request
 * of an address, its files, its mails; with --yes erases them all (rows, files, outbox rows, .eml copies).
 * Nothing is asked on the terminal: without --yes, nothing is erased. Mails already delivered to the
 * company's mailbox are outside the receiver: the tool reminds the owner.
 *
 * Termination requests (« Résilier un contrat ») are listed too, but kept by --yes: they are the proof that a
 * contract ended, kept 5 years after their effective date whatever the person asks (RGPD art. 17.3.e, the
 * defence of legal claims). --terminations erases them as well, when the owner decides they are not needed
 * (a mistaken or fraudulent request).
 */
const usage = 'Usage : npm run receiver:erase -- --email adresse@exemple.fr [--yes] [--terminations]';

export const main = command(async (argv, io) => {
  const { values } = parse(
    argv,
    {
      email: { type: 'string' },
      yes: { type: 'boolean', default: false },
      terminations: { type: 'boolean', default: false },
    },
    usage,
  );
  if (values.help) {
    say(io.stdout, usage);
    return;
  }
  const email = values.email;
  if (!email) fail(`Indiquez l’adresse avec --email.\n\n${usage}`);

  await withTool(io, async ({ db, dirs }) => {
    const requests = await requestsByEmail(db, emailKey(email));
    const terminations = await terminationsByEmail(db, emailKey(email));
    if (requests.length === 0 && terminations.length === 0) {
      say(io.stdout, `Aucune demande enregistrée pour ${email}.`);
      return;
    }
    if (terminations.length > 0) listTerminations(io.stdout, terminations);
    if (requests.length === 0) {
      if (!values.yes) {
        say(io.stdout, '\nRien n’est effacé. Relancez avec --yes --terminations pour effacer aussi les résiliations.');
      } else if (values.terminations) {
        await eraseTerminations(db, dirs, terminations);
        say(io.stdout, `\nEffacé : ${terminations.length} résiliation(s) et leurs e-mails en attente ou archivés.`);
      } else {
        say(io.stdout, '\nRésiliations conservées (preuve) : ajoutez --terminations pour les effacer aussi.');
      }
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
    if (!values.yes) {
      say(io.stdout, '\nRien n’est effacé. Relancez avec --yes pour tout effacer.');
    } else {
      await eraseRequests(db, dirs, requests);
      say(
        io.stdout,
        `\nEffacé : ${requests.length} demande(s), leurs pièces jointes et leurs e-mails en attente ou archivés.`,
      );
      if (terminations.length > 0 && values.terminations) {
        await eraseTerminations(db, dirs, terminations);
        say(io.stdout, `Effacé : ${terminations.length} résiliation(s) et leurs e-mails en attente ou archivés.`);
      } else if (terminations.length > 0) {
        say(io.stdout, 'Résiliations conservées (preuve) : ajoutez --terminations pour les effacer aussi.');
      }
      say(io.stdout, 'Pensez à supprimer aussi les e-mails déjà reçus dans la boîte de l’entreprise.');
    }
  });
});

/** The terminations of the address, each with the end of its proof's retention. */
function listTerminations(out: Output, terminations: StoredTermination[]): void {
  say(out, printable(`${terminations.length} résiliation(s) :`));
  for (const termination of terminations) {
    const keptUntil = termination.effectiveDate
      ? `conservée jusqu’au ${formatFrenchDay(addMonths(termination.effectiveDate, retention.terminationProofYears * 12))} (preuve de la résiliation)`
      : 'indésirable';
    say(
      out,
      printable(
        `- ${termination.reference}, reçue le ${csvDate(termination.createdAt)} : ${termination.firstName} ${termination.lastName}, ${termination.contractReference}, ${keptUntil}`,
      ),
    );
  }
}
