import { printableText } from '../printable';
import { toCsv } from '../store/csv';
import { listRequests } from '../store/request-queries';
import { command, parse, say, withTool, writeOwnerOnly } from './cli';

/** `npm run receiver:export [-- --out demandes.csv] [-- --spam]`: every request as CSV (stdout by default). */
const usage = 'Usage : npm run --silent receiver:export -- [--out FICHIER.csv] [--spam]';

export const main = command(async (argv, io) => {
  const { values } = parse(argv, { out: { type: 'string' }, spam: { type: 'boolean', default: false } }, usage);
  if (values.help) {
    say(io.stdout, usage);
    return;
  }
  const rows = await withTool(io, async ({ db }) => (await listRequests(db, { spam: values.spam })).reverse());
  const csv = toCsv(rows);
  if (values.out) {
    await writeOwnerOnly(values.out, csv);
    say(io.stderr, `${rows.length} demande(s) exportée(s) dans ${values.out}.`);
  } else if (io.stdout.isTTY) {
    // Read on screen: nothing a visitor typed drives the terminal (escape sequences), as in receiver:list.
    io.stdout.write(printableText(csv));
  } else {
    // Raw text, byte for byte: a file or a pipe gets the CSV as stored.
    io.stdout.write(csv);
  }
});
