import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, test } from 'node:test';
import { createClient } from '@libsql/client';
import { openDb } from '../src/store/db';
import { canonicalSql, SCHEMA_FILE, schemaStatements, schemaText } from '../src/store/schema';
import { removeDir, tempDir } from './helpers';

/**
 * store/schema.sql is the schema the migrations produce (npm run receiver:schema writes it): a database
 * migrated from empty gives exactly its text, and the file, run on an empty database, gives the same objects.
 */

const SCHEMA_SQL = path.join(import.meta.dirname, '..', 'src', 'store', SCHEMA_FILE);
const dirs: string[] = [];
after(async () => {
  for (const dir of dirs) await removeDir(dir);
});

/** sqlite_master's statements of a database migrated from empty, as Db.open does at a first start. */
async function migratedSchema(): Promise<string[]> {
  const dir = await tempDir('receiver-schema-');
  dirs.push(dir);
  const db = await openDb(dir, 5_000);
  try {
    return await schemaStatements(db);
  } finally {
    db.close();
  }
}

test('schema.sql is the schema of a database migrated from empty (npm run receiver:schema)', async () => {
  const committed = await readFile(SCHEMA_SQL, 'utf8');
  assert.equal(
    committed,
    schemaText(await migratedSchema()),
    'store/schema.sql is not the migrations’ schema: run npm run receiver:schema and commit the file',
  );
});

test('schema.sql run on an empty database creates the same tables, indexes and triggers', async () => {
  const dir = await tempDir('receiver-schema-');
  dirs.push(dir);
  const client = createClient({ url: `file:${path.join(dir, 'from-file.db')}` });
  try {
    await client.executeMultiple(await readFile(SCHEMA_SQL, 'utf8'));
    const created = await client.execute(
      "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    );
    const fromFile = created.rows.map((row) => canonicalSql(String(row.sql)));
    const migrated = (await migratedSchema()).map(canonicalSql);
    assert.ok(migrated.length > 0);
    assert.deepEqual(fromFile, migrated);
  } finally {
    client.close();
  }
});
