import type { Db } from './db';
import { SCHEMA_VERSION } from './migrations';

/**
 * The current schema, readable in one place: store/schema.sql, generated from a database migrated from empty
 * (`npm run receiver:schema`, receiver/schema.ts) and checked by receiver/test/schema.test.ts. The
 * migrations (migrations.ts) stay the only source of truth; this file is their result.
 */

export const SCHEMA_FILE = 'schema.sql';

/**
 * Each table, index, view and trigger of the database, in the order SQLite keeps them (sqlite_master's
 * rowid: the order of creation), as its CREATE statement laid out to be read: a table with one column or
 * constraint a line (the columns added by ALTER TABLE included), any other statement with its lines
 * un-indented by their common indentation. SQLite's own objects (sqlite_sequence, autoindexes) are left out.
 */
export async function schemaStatements(db: Db): Promise<string[]> {
  const result = await db.execute(
    "SELECT type, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
  );
  return result.rows.map((row) => (row.type === 'table' ? tableLayout(String(row.sql)) : dedent(String(row.sql))));
}

/** A statement's text with its whitespace made canonical: what two layouts of the same statement share. */
export function canonicalSql(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),;])\s*/g, '$1')
    .trim();
}

function tableLayout(sql: string): string {
  const open = sql.indexOf('(');
  const close = sql.lastIndexOf(')');
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = open + 1;
  for (let index = start; index < close; index += 1) {
    const char = sql[index];
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(sql.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(sql.slice(start, close));
  const line = (text: string) => text.replace(/\s+/g, ' ').trim();
  const after = line(sql.slice(close + 1));
  return `${line(sql.slice(0, open))} (\n${parts.map((part) => `  ${line(part)}`).join(',\n')}\n)${after ? ` ${after}` : ''}`;
}

function dedent(sql: string): string {
  const [first = '', ...rest] = sql.split('\n').map((line) => line.trimEnd());
  const indents = rest.filter((line) => line !== '').map((line) => line.length - line.trimStart().length);
  const common = indents.length === 0 ? 0 : Math.min(...indents);
  return [first.trim(), ...rest.map((line) => `  ${line.slice(common)}`.trimEnd())].join('\n');
}

/** schema.sql's text for these statements. */
export function schemaText(statements: readonly string[]): string {
  const header = [
    `-- The receiver's database schema (quotes.db) at version ${SCHEMA_VERSION} (PRAGMA user_version).`,
    '-- Generated from the migrations (receiver/src/store/migrations.ts) applied to an empty database: do not',
    '-- edit it; after adding a migration, run `npm run receiver:schema` and commit the result.',
    '-- receiver/test/schema.test.ts checks that the migrations produce exactly this schema.',
  ];
  return `${header.join('\n')}\n\n${statements.map((statement) => `${statement};`).join('\n\n')}\n`;
}
