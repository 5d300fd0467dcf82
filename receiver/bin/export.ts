import { open } from 'node:fs/promises';
import { printableText } from '../src/printable';
import { toCsv } from '../src/store/csv';
import { listRequests } from '../src/store/db';
import { fail, openTool, parse } from './cli';

/** `npm run receiver:export [-- --out demandes.csv] [-- --spam]`: every request as CSV (stdout by default). */
const usage = 'Usage : npm run --silent receiver:export -- [--out FICHIER.csv] [--spam]';
const { values } = parse({ out: { type: 'string' }, spam: { type: 'boolean', default: false } }, usage);
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const { db } = await openTool();
const rows = (await listRequests(db, { spam: values.spam })).reverse();
const csv = toCsv(rows);
db.close();
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
  console.error(`${rows.length} demande(s) exportée(s) dans ${values.out}.`);
} else if (process.stdout.isTTY) {
  // Read on screen: nothing a visitor typed drives the terminal (escape sequences), as in receiver:list.
  process.stdout.write(printableText(csv));
} else {
  process.stdout.write(csv);
}
