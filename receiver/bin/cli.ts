import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { DB_FILE, openDb, StoreError, type Db } from '../src/store/db';
import { layout, type Layout } from '../src/store/storage';

/**
 * What the owner's command-line tools share: the same environment as the receiver (QUOTE_DATA_DIR), French
 * messages, and an exit code. They can run while the receiver runs (SQLite's locking keeps both right).
 */
export type Tool = { config: Config; db: Db; dirs: Layout };

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(options: T, usage: string) {
  try {
    return parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
}

export async function openTool(): Promise<Tool> {
  let config: Config;
  try {
    config = loadConfig();
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

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
