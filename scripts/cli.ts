import { resolve } from 'node:path';

/**
 * The few command-line helpers the build, test and deployment scripts share: each script is also a module
 * that tests import, and runs its command only when started directly (`tsx scripts/<name>.ts`).
 */

/** True when the module at `file` (its `__filename`) is the script being run. */
export function isMain(file: string): boolean {
  return !!process.argv[1] && resolve(process.argv[1]) === resolve(file);
}

/** The value after `--name` in the command line, or `fallback`. */
export function option(name: string, fallback: string): string;
export function option(name: string, fallback?: string): string | undefined;
export function option(name: string, fallback?: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? args[index + 1] : undefined;
  return value && !value.startsWith('--') ? value : fallback;
}

/** True when `--name` is on the command line. */
export function flag(name: string): boolean {
  return process.argv.slice(2).includes(`--${name}`);
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
