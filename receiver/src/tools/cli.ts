import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';
import { DB_FILE, openDb, StoreError, type Db } from '../store/db';
import { layout, type Layout } from '../store/storage';

/**
 * What the owner's command-line tools share: the same environment as the receiver (QUOTE_DATA_DIR), French
 * messages, and an exit code. They can run while the receiver runs (SQLite's locking keeps both right).
 *
 * Each tool is a function, `main(argv, io)`, that returns its exit code: receiver/bin/NAME.ts runs it as the
 * command `npm run receiver:NAME` (process.argv, process.env, the standard streams), and the tests call it in
 * their own process. So a tool never exits the process, and closes every database it opens before it returns.
 */

/** Where a tool writes: process.stdout or process.stderr for the command, a string for a test. */
export type Output = { write(text: string): unknown; isTTY?: boolean };

/** What a tool reads and writes besides its arguments: its environment (as process.env) and its two outputs. */
export type ToolIo = { env: Record<string, string | undefined>; stdout: Output; stderr: Output };

/** A tool: its arguments (without the node and script paths) in, its exit code out. */
export type ToolMain = (argv: string[], io: ToolIo) => Promise<number>;

export type Tool = { config: Config; db: Db; dirs: Layout };

/** A tool stopped with a French message for stderr and its exit code (2: bad use, or nothing it can read). */
export class ToolExit extends Error {
  constructor(
    message: string,
    readonly code = 2,
  ) {
    super(message);
    this.name = 'ToolExit';
  }
}

export function fail(message: string): never {
  throw new ToolExit(message);
}

/** Writes one line, as console.log would. */
export function say(output: Output, line: string): void {
  output.write(`${line}\n`);
}

/**
 * A tool's body made a `ToolMain`: the body returns normally for exit 0, or its own code; `fail()` becomes
 * its message on stderr and code 2. Any other error is a bug: it is thrown on (the command prints its stack).
 */
export function command(body: (argv: string[], io: ToolIo) => Promise<number | void>): ToolMain {
  return async (argv, io) => {
    try {
      return (await body(argv, io)) ?? 0;
    } catch (error) {
      if (!(error instanceof ToolExit)) throw error;
      say(io.stderr, error.message);
      return error.code;
    }
  };
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
}

/** Opens the data folder's database for `work`, and closes it when `work` ends, however it ends. */
export async function withTool<T>(io: ToolIo, work: (tool: Tool) => Promise<T>): Promise<T> {
  const tool = await openTool(io.env);
  try {
    return await work(tool);
  } finally {
    tool.db.close();
  }
}

async function openTool(env: ToolIo['env']): Promise<Tool> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration invalide : ${error.message}`);
    throw error;
  }
  if (!existsSync(path.join(config.dataDir, DB_FILE))) {
    fail(
      `Aucune base de demandes dans ${config.dataDir} (variable QUOTE_DATA_DIR) : le récepteur n’y a encore rien enregistré.`,
    );
  }
  let db: Db;
  try {
    // Closes its connection itself when it fails (a newer schema, a damaged file).
    db = await openDb(config.dataDir, config.dbBusyTimeoutMs);
  } catch (error) {
    // A database of a newer receiver says so itself; a damaged file (or anything else) gets its code.
    if (error instanceof StoreError) fail(error.message);
    fail(
      `La base ${path.join(config.dataDir, DB_FILE)} ne s’ouvre pas (${(error as { code?: string }).code ?? String(error)}) : elle est peut-être endommagée. Voir « Restaurer » dans docs/recevoir-les-demandes.md.`,
    );
  }
  return { config, db, dirs: layout(config.dataDir) };
}

/** Writes a file of personal data readable by the user who wrote it only (an export, an access file). */
export async function writeOwnerOnly(file: string, text: string): Promise<void> {
  try {
    // The mode is set before the data is written, on a new file and on one that already existed.
    const handle = await open(file, 'w', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
  } catch (error) {
    fail(
      `Impossible d’écrire ${file} (${(error as { code?: string }).code ?? String(error)}) : vérifiez que le dossier existe et que vous pouvez y écrire.`,
    );
  }
}
