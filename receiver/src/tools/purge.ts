import { csvDate } from '../store/csv';
import {
  dailyPurge,
  expiredRequests,
  expiredTerminations,
  retentionCutoff,
  spamCutoff,
  terminationCutoffDay,
} from '../store/purge';
import { membersToErase, monthsBefore } from '../store/staff-retention';
import { command, parse, say, withTool } from './cli';

/**
 * `npm run receiver:purge [-- --dry-run]`: what the running receiver's daily purge does, at once: deletes the
 * requests past the retention period (3 years from the last contact) with their files and mails, the spam
 * past its own (QUOTE_SPAM_RETENTION_DAYS), the audit rows past QUOTE_AUDIT_RETENTION_MONTHS, and erases the
 * members disabled for more than QUOTE_DISABLED_MEMBER_MONTHS, and the termination requests whose proof is
 * past its retention (5 years after the effective date). --dry-run says what would go.
 */
const usage = 'Usage : npm run receiver:purge -- [--dry-run]';

export const main = command(async (argv, io) => {
  const { values } = parse(argv, { 'dry-run': { type: 'boolean', default: false } }, usage);
  if (values.help) {
    say(io.stdout, usage);
    return;
  }
  await withTool(io, async ({ config, db, dirs }) => {
    const now = new Date();
    const { retention } = config;
    const dryRun = values['dry-run'];
    const result = dryRun
      ? {
          requests: await expiredRequests(db, now, retention.spamDays),
          terminations: await expiredTerminations(db, now, retention.spamDays),
          members: await membersToErase(db, now, retention.disabledMemberMonths),
          auditRows: undefined,
        }
      : await dailyPurge(db, dirs, config, now);
    say(
      io.stdout,
      `Dernier contact avant le ${csvDate(retentionCutoff(now).toISOString())}, indésirables reçues avant le ${csvDate(spamCutoff(now, retention.spamDays).toISOString())} : ${result.requests.length} demande(s) ${dryRun ? 'à supprimer' : 'supprimée(s)'}.`,
    );
    for (const request of result.requests) {
      say(io.stdout, `- ${request.reference} (${csvDate(request.createdAt)}${request.spam ? ', indésirable' : ''})`);
    }
    say(
      io.stdout,
      `Résiliations prises d’effet avant le ${terminationCutoffDay(now)} (et indésirables) : ${result.terminations.length} ${dryRun ? 'à supprimer' : 'supprimée(s)'}.`,
    );
    for (const termination of result.terminations) {
      say(
        io.stdout,
        `- ${termination.reference} (${csvDate(termination.createdAt)}${termination.spam ? ', indésirable' : ''})`,
      );
    }
    const auditCutoff = csvDate(monthsBefore(now, retention.auditMonths).toISOString());
    say(
      io.stdout,
      result.auditRows === undefined
        ? `Journal des actions : les lignes d’avant le ${auditCutoff} seront supprimées.`
        : `Journal des actions : ${result.auditRows} ligne(s) d’avant le ${auditCutoff} supprimée(s).`,
    );
    say(
      io.stdout,
      `Membres désactivés depuis plus de ${retention.disabledMemberMonths} mois : ${result.members.length} ${dryRun ? 'à effacer' : 'effacé(s)'}.`,
    );
  });
});
