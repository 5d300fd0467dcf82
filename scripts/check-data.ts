// First step of `npm run build`: reads each data file of content/data/ (the facts the owner edits from
// the inbox) against its schema (content/data/registry.ts) and stops the build, with one French line per
// fault naming the file, the field and what is expected, when one does not pass. The site's modules read
// the same files typed by their schemas: this check is what makes the types true.
// `--root <dossier>` reads the files of another checkout (the server's, before a publication; the tests).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteDataFiles } from '@/content/data/registry';
import { checkData, fieldTitle } from '../lib/data-check';
import { commandFlags, isMain, runCommand } from './cli';

/** The faults of every data file under `root`, one French line each; [] when all pass. */
export function dataFaults(root: string): string[] {
  return siteDataFiles.flatMap((page) => {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(join(root, page.file), 'utf8'));
    } catch (error) {
      const reason = error instanceof SyntaxError ? 'ce n’est pas du JSON valide' : 'fichier illisible';
      return [`${page.file} : ${reason} (${error instanceof Error ? error.message : String(error)}).`];
    }
    return checkData(page.schema, value).map(
      (problem) => `${page.file}, « ${fieldTitle(page.schema, problem.path)} » (${problem.path}) : ${problem.message}.`,
    );
  });
}

if (isMain(__filename)) {
  const flags = commandFlags({ root: 'string' });
  runCommand(() => {
    const faults = dataFaults(flags.root ?? process.cwd());
    if (faults.length) {
      throw new Error(
        [`Les données du site ne sont pas valides (${faults.length}) :`, ...faults.map((fault) => `- ${fault}`)].join(
          '\n',
        ),
      );
    }
  });
}
