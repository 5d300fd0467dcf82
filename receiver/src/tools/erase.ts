import { eraseReviewsOf } from '../store/review-moderation';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { csvDate } from '../store/csv';
import { MAIL_STATUS } from '../requests/labels';
import { emlName, isMailKind, MAIL_KINDS } from '../requests/mail-kinds';
import { acceptedIds, outboxOf, requestsByEmail } from '../store/request-queries';
import { emailKey } from '../email';
import { eraseRequests, eraseTerminations } from '../store/purge';
import { terminationsByEmail, type StoredTermination } from '../store/termination-queries';
import { addMonths, formatFrenchDay, retention, terminationProofYears } from '../facts';
import { keptDevis } from '../store/devis-queries';
import { storedFilePath } from '../store/storage';
import { printable } from '../printable';
import { command, fail, parse, say, withTool, type Output } from './cli';

/**
 * `npm run receiver:erase -- --email x@y [--yes]` (RGPD rights of access and erasure): lists every request
 * of an address, its files, its mails; with --yes erases them all (rows, files, outbox rows, .eml copies).
 * Nothing is asked on the terminal: without --yes, nothing is erased. Mails already delivered to the
 * company's mailbox are outside the receiver: the tool reminds the owner.
 *
 * The reviews of the address's devis go with --yes, kept contracts or not (docs/avis.md).
 *
 * A request « Acceptée » documents a contract the company must keep as proof (RGPD art. 17-3 b and e: a
 * legal obligation, the defence of claims): the listing says so, --yes leaves it, and only --contrats, the
 * owner's decision, erases it too (the inbox refuses it and sends the member to the owner). A request whose
 * accepted devis the law keeps ten years (C. conso. L. 213-1, store/devis-queries.ts keptDevis) is never
 * erased, --contrats or not: the store refuses it, and the tool says until when and why.
 *
 * Termination requests (« Résilier un contrat ») are listed too and kept the same way: they are the proof
 * that a contract ended, kept 5 years after their effective date (RGPD art. 17-3 e); --yes leaves them, and
 * --contrats erases them too (a mistaken or fraudulent request).
 */
const usage = 'Usage : npm run receiver:erase -- --email adresse@exemple.fr [--yes [--contrats]]';

export const main = command(async (argv, io) => {
  const { values } = parse(
    argv,
    {
      email: { type: 'string' },
      yes: { type: 'boolean', default: false },
      contrats: { type: 'boolean', default: false },
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
    if (terminations.length > 0) {
      listTerminations(io.stdout, terminations);
      if (values.yes && values.contrats) {
        await eraseTerminations(db, dirs, terminations);
        say(io.stdout, `Effacé : ${terminations.length} résiliation(s) et leurs e-mails en attente ou archivés.`);
      } else if (values.yes) {
        say(io.stdout, 'Résiliations conservées (preuve) : ajoutez --contrats pour les effacer aussi.');
      }
    }
    if (requests.length === 0) {
      if (!values.yes) say(io.stdout, '\nRien n’est effacé. Relancez avec --yes pour tout effacer.');
      return;
    }
    const accepted = await acceptedIds(
      db,
      requests.map((request) => request.id),
    );
    const mails = await outboxOf(
      db,
      requests.map((request) => request.id),
    );
    say(io.stdout, printable(`${requests.length} demande(s) pour ${email} :`));
    for (const request of requests) {
      say(
        io.stdout,
        printable(
          `- ${request.reference}, reçue le ${csvDate(request.createdAt)}${request.spam ? ' (spam)' : ''}${accepted.has(request.id) ? ' (« Acceptée » : contrat à conserver)' : ''} : ${request.firstName} ${request.lastName}, ${request.phone}`,
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
    // An accepted devis must be kept ten years (C. conso. L. 213-1): its request stays, whatever the options.
    const byLaw = await keptDevis(
      db,
      requests.map((request) => request.id),
      new Date(),
    );
    for (const devis of byLaw) {
      const reference = requests.find((request) => request.id === devis.requestId)?.reference ?? '';
      say(
        io.stdout,
        printable(
          `  conservée : ${reference}, devis accepté ${devis.number ?? ''} gardé jusqu’au ${csvDate(devis.retainUntil)} (articles L. 213-1 et D. 213-1 du Code de la consommation : obligation légale, RGPD article 17-3, b).`,
        ),
      );
    }
    const keptByLaw = (request: { id: number }) => byLaw.some((devis) => devis.requestId === request.id);
    const warned = values.contrats ? [] : requests.filter((request) => accepted.has(request.id) && !keptByLaw(request));
    const kept = [...requests.filter(keptByLaw), ...warned];
    if (warned.length > 0) {
      say(
        io.stdout,
        `\nAttention : ${warned.map((request) => request.reference).join(', ')} ${warned.length > 1 ? 'sont « Acceptées »' : 'est « Acceptée »'}. Une demande acceptée documente un contrat que l’entreprise doit garder comme preuve (garanties, litiges, comptabilité) : le droit à l’effacement ne s’applique pas à ces données tant qu’elles sont nécessaires (RGPD, article 17, paragraphe 3). --yes ne l’efface pas ; si vous décidez de l’effacer quand même, ajoutez --contrats.`,
      );
    }
    if (!values.yes) {
      say(io.stdout, '\nRien n’est effacé. Relancez avec --yes pour tout effacer.');
    } else {
      const erased = requests.filter((request) => !kept.includes(request));
      // Their reviews go whatever is kept: a review is no part of a contract (docs/avis.md).
      const reviews = await eraseReviewsOf(
        db,
        requests.map((request) => request.id),
      );
      await eraseRequests(db, dirs, erased);
      if (reviews > 0) {
        say(io.stdout, `Effacé : ${reviews} avis ; le site les retire à sa prochaine publication.`);
      }
      say(
        io.stdout,
        `\nEffacé : ${erased.length} demande(s), leurs pièces jointes et leurs e-mails en attente ou archivés.${kept.length > 0 ? ` Gardée(s) : ${kept.length} demande(s) « Acceptée ».` : ''}`,
      );
      if (byLaw.length > 0) {
        say(
          io.stdout,
          `Conservé : ${byLaw.length} demande(s) avec un devis accepté, dont la loi impose la conservation (voir ci-dessus) ; dites-le à la personne.`,
        );
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
      ? `conservée jusqu’au ${formatFrenchDay(addMonths(termination.effectiveDate, terminationProofYears(termination, retention.terminationProofYears) * 12))} (preuve de la résiliation)`
      : 'indésirable';
    say(
      out,
      printable(
        `- ${termination.reference}, reçue le ${csvDate(termination.createdAt)} : ${termination.firstName} ${termination.lastName}, ${termination.contractReference}, ${keptUntil}`,
      ),
    );
  }
}
