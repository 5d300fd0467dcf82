import { isEmailAddress } from '../email';
import { accessReport } from '../inbox/access-report';
import { isoDay } from '../facts';
import { publishedSite } from '../store/site-data';
import { command, fail, parse, say, withTool, writeOwnerOnly } from './cli';

/**
 * `npm run receiver:access -- --email x@y [--out FICHIER.txt]` (RGPD right of access): writes everything
 * held about one address (inbox/access-report.ts: requests, files listed, statuses, reasons, call-backs,
 * assignments, mails, history and notes) to a text file readable by its writer only, the file the inbox's
 * « Données de cette personne » button gives too. Nothing is printed of the data itself.
 */
const usage = 'Usage : npm run receiver:access -- --email adresse@exemple.fr [--out FICHIER.txt]';

export const main = command(async (argv, io) => {
  const { values } = parse(argv, { email: { type: 'string' }, out: { type: 'string' } }, usage);
  if (values.help) {
    say(io.stdout, usage);
    return;
  }
  const email = values.email;
  if (!email) fail(`Indiquez l’adresse avec --email.\n\n${usage}`);
  if (!isEmailAddress(email)) fail(`« ${email} » n’est pas une adresse e-mail.\n\n${usage}`);
  const now = new Date();
  const report = await withTool(io, ({ db, config }) =>
    accessReport(db, email, now, publishedSite(config.site?.sourceDir)),
  );
  const out = values.out ?? accessFileName(now);
  await writeOwnerOnly(out, report.text);
  say(io.stdout, `${report.requests} demande(s) pour ${email} : tout ce qui est enregistré est dans ${out}.`);
  say(io.stdout, 'Envoyez ce fichier à la personne, à l’adresse de sa demande (voir docs/boite-de-reception.md).');
});

/** The access file's default name: its date, never the person's address (a file name shows in listings). */
export function accessFileName(now: Date): string {
  return `donnees-personne-${isoDay(now)}.txt`;
}
