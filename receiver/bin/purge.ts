import { csvDate } from '../src/store/csv';
import { expiredRequests, purgeExpired, retentionCutoff } from '../src/store/purge';
import { openTool, parse } from './cli';

/**
 * `npm run receiver:purge [-- --dry-run]`: deletes the requests past the retention period (3 years from the
 * last contact), with their files and mails. The running receiver does the same every day.
 */
const usage = 'Usage : npm run receiver:purge -- [--dry-run]';
const { values } = parse({ 'dry-run': { type: 'boolean', default: false } }, usage);
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const { db, dirs } = await openTool();
const now = new Date();
const expired = values['dry-run'] ? await expiredRequests(db, now) : await purgeExpired(db, dirs, now);
const verb = values['dry-run'] ? 'à supprimer' : 'supprimée(s)';
console.log(
  `Dernier contact avant le ${csvDate(retentionCutoff(now).toISOString())} : ${expired.length} demande(s) ${verb}.`,
);
for (const request of expired) console.log(`- ${request.reference} (${csvDate(request.createdAt)})`);
db.close();
