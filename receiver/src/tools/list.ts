import { listRequests, referencedFiles } from '../store/db';
import { csvDate } from '../store/csv';
import { locationLabel, MAIL_STATUS, serviceLabel } from '../requests/labels';
import { printable } from '../printable';
import { findLeftovers, quarantinedFiles, quarantinePath } from '../store/storage';
import { command, fail, parse, say, withTool } from './cli';

/** `npm run receiver:list [-- --limit 20] [-- --spam]`: the latest requests, newest first. */
const usage = 'Usage : npm run receiver:list -- [--limit N] [--spam]';

/** "échec (550 RCPT TO)": a failed mail says what the SMTP server answered (its code, never the address). */
const mailState = (status: string | undefined, error: string | undefined, none: string) => {
  if (status === undefined) return none;
  // A relay that dropped after the data, three times: the mail may well be in the mailbox.
  const maybe = /^maybe-delivered (.*)$/.exec(error ?? '');
  if (status === 'failed' && maybe) return `peut-être remis (${maybe[1]})`;
  return `${MAIL_STATUS[status] ?? status}${status === 'failed' && error ? ` (${error})` : ''}`;
};

export const main = command(async (argv, io) => {
  const { values } = parse(
    argv,
    { limit: { type: 'string', default: '20' }, spam: { type: 'boolean', default: false } },
    usage,
  );
  if (values.help) {
    say(io.stdout, usage);
    return;
  }
  const limit = Number(values.limit);
  if (!/^\d+$/.test(values.limit) || limit < 1 || limit > 100_000) {
    fail(`--limit attend un nombre entier entre 1 et 100000.\n\n${usage}`);
  }
  await withTool(io, async ({ db, dirs }) => {
    const rows = await listRequests(db, { spam: values.spam, limit });
    if (rows.length === 0) {
      say(io.stdout, values.spam ? 'Aucune demande classée comme spam.' : 'Aucune demande enregistrée.');
    }
    let failed = 0;
    for (const row of rows) {
      if (row.mails.company === 'failed' || row.mails.visitor === 'failed') failed += 1;
      const noConfirmation = row.spam ? '—' : 'non envoyé (limite de confirmations)';
      const mails = `e-mails : entreprise ${mailState(row.mails.company, row.mails.companyError, '—')}, visiteur ${mailState(row.mails.visitor, row.mails.visitorError, noConfirmation)}`;
      // Spam rows are stored as received: nothing a visitor typed reaches the terminal unfiltered.
      say(
        io.stdout,
        printable(
          `${row.reference}  ${csvDate(row.createdAt)}  ${row.firstName} ${row.lastName} <${row.email}>  ${row.phone}`,
        ),
      );
      say(
        io.stdout,
        printable(
          `  ${serviceLabel(row.serviceType)}, ${locationLabel(row.location)}${row.file ? `, pièce jointe ${row.file.name} (files/${row.file.path})` : ''}; ${mails}`,
        ),
      );
    }
    if (failed > 0) {
      say(
        io.stdout,
        `\n${failed} demande(s) avec un e-mail en échec : il ne sera plus envoyé. Voir « Un e-mail en échec » dans docs/recevoir-les-demandes.md.`,
      );
    }
    // Files without a request are never deleted by the receiver: the owner is told where they are.
    const quarantined = await quarantinedFiles(dirs);
    if (quarantined.length > 0) {
      say(
        io.stdout,
        `\n${quarantined.length} pièce(s) jointe(s) sans demande mise(s) de côté dans ${quarantinePath(dirs)} : voir « Des pièces jointes sans demande » dans docs/recevoir-les-demandes.md.`,
      );
    }
    const { orphans, storeLooksNew } = await findLeftovers(dirs, await referencedFiles(db));
    if (storeLooksNew) {
      say(
        io.stdout,
        `\n${orphans.length} pièce(s) jointe(s) de ${dirs.files} sans demande dans la base : la base a-t-elle été déplacée ou remplacée ? Voir « Des pièces jointes sans demande » dans docs/recevoir-les-demandes.md.`,
      );
    }
  });
});
