import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The few command-line helpers the build, test and deployment scripts share: each script is also a module
 * that tests import, and runs its command only when started directly (`tsx scripts/<name>.ts`).
 */

/** True when the module at `file` (its `__filename`) is the script being run. */
export function isMain(file: string): boolean {
  return !!process.argv[1] && resolve(process.argv[1]) === resolve(file);
}

/** A command's flags: each takes a value (`string`), one per use when repeatable (`strings`), or none (`boolean`). */
export type FlagSpec = Record<string, 'string' | 'strings' | 'boolean'>;
type Flags<S extends FlagSpec> = {
  [K in keyof S]?: S[K] extends 'string' ? string : S[K] extends 'strings' ? string[] : boolean;
};

/**
 * Reads the command line with node:util's parseArgs in strict mode: an unknown flag (`--reciever`), a flag
 * missing its value, a value given to a flag that takes none or a stray argument throws an Error whose
 * French message names it, so a typo stops the command instead of being ignored.
 */
export function parseFlags<S extends FlagSpec>(spec: S, args: string[] = process.argv.slice(2)): Flags<S> {
  const options = Object.fromEntries(
    Object.entries(spec).map(([name, type]) =>
      type === 'strings' ? [name, { type: 'string' as const, multiple: true }] : [name, { type }],
    ),
  );
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new Error(frenchParseError(error, spec));
  }
  // parseArgs takes the next flag as the value of one that expects a value (`--nginx --demo`): refused too.
  for (const [name, value] of Object.entries(values)) {
    for (const one of [value].flat()) {
      if (typeof one === 'string' && (one === '' || one.startsWith('--'))) {
        throw new Error(`L’option --${name} attend une valeur.${known(spec)}`);
      }
    }
  }
  return { ...values } as Flags<S>;
}

/** parseFlags for a script's top level: prints the French message and exits 1 on a wrong command line. */
export function commandFlags<S extends FlagSpec>(spec: S): Flags<S> {
  try {
    return parseFlags(spec);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

function known(spec: FlagSpec): string {
  const names = Object.entries(spec).map(([name, type]) => (type === 'boolean' ? `--${name}` : `--${name} <valeur>`));
  return names.length ? ` Options reconnues : ${names.join(', ')}.` : ' Cette commande ne prend aucune option.';
}

function frenchParseError(error: unknown, spec: FlagSpec): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const name = /'([^']*)'/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Option inconnue : ${name}.${known(spec)}`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `Argument inattendu : ${name}.${known(spec)}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const flagName = /--[\w-]+/.exec(message)?.[0] ?? name;
    return spec[flagName.slice(2)] === 'boolean'
      ? `L’option ${flagName} ne prend pas de valeur.${known(spec)}`
      : `L’option ${flagName} attend une valeur.${known(spec)}`;
  }
  return `Ligne de commande invalide : ${message}${known(spec)}`;
}

/** Runs a command's body; prints an error's message (not its stack) and exits 1 when it throws. */
export function runCommand(body: () => void | Promise<void>): void {
  Promise.resolve()
    .then(body)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
