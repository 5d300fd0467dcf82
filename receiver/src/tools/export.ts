import { open } from 'node:fs/promises';
import { printableText } from '../printable';
import { toCsv } from '../store/csv';
import { listRequests } from '../store/request-queries';
import { command, fail, parse, say, withTool } from './cli';

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
    // Personal data: readable by the user who exported only.
    try {
      // The mode is set before the data is written, on a new file and on one that already existed.
      const handle = await open(values.out, 'w', 0o600);
      try {
        await handle.chmod(0o600);
        await handle.writeFile(csv);
      } finally {
        await handle.close();
      }
    } catch (error) {
      fail(
        `Impossible d’écrire ${values.out} (${(error as { code?: string }).code ?? String(error)}) : vérifiez que le dossier existe et que vous pouvez y écrire.`,
      );
    }
    say(io.stderr, `${rows.length} demande(s) exportée(s) dans ${values.out}.`);
  } else if (io.stdout.isTTY) {
    // Read on screen: nothing a visitor typed drives the terminal (escape sequences), as in receiver:list.
    io.stdout.write(printableText(csv));
  } else {
    // Raw text, byte for byte: a file or a pipe gets the CSV as stored.
    io.stdout.write(csv);
  }
});
