import { csvDate } from '../store/csv';
import { expiredRequests, purgeExpired, retentionCutoff } from '../store/purge';
import { command, parse, say, withTool } from './cli';

/**
 * `npm run receiver:purge [-- --dry-run]`: deletes the requests past the retention period (3 years from the
 * last contact), with their files and mails. The running receiver does the same every day.
 */
const usage = 'Usage : npm run receiver:purge -- [--dry-run]';

export const main = command(async (argv, io) => {
  const { values } = parse(argv, { 'dry-run': { type: 'boolean', default: false } }, usage);
  if (values.help) {
    say(io.stdout, usage);
    return;
  }
  await withTool(io, async ({ db, dirs }) => {
    const now = new Date();
    const expired = values['dry-run'] ? await expiredRequests(db, now) : await purgeExpired(db, dirs, now);
    const verb = values['dry-run'] ? 'à supprimer' : 'supprimée(s)';
    say(
      io.stdout,
      `Dernier contact avant le ${csvDate(retentionCutoff(now).toISOString())} : ${expired.length} demande(s) ${verb}.`,
    );
    for (const request of expired) say(io.stdout, `- ${request.reference} (${csvDate(request.createdAt)})`);
  });
});
