import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb } from './src/store/db';
import { SCHEMA_FILE, schemaStatements, schemaText } from './src/store/schema';

/**
 * `npm run receiver:schema`: migrates an empty database in a temporary folder and writes its schema to
 * receiver/src/store/schema.sql (store/schema.ts). Run it after adding a migration, and commit the file.
 */
const dir = await mkdtemp(path.join(tmpdir(), 'receiver-schema-'));
try {
  const db = await openDb(dir, 5_000);
  try {
    const file = path.join(import.meta.dirname, 'src', 'store', SCHEMA_FILE);
    await writeFile(file, schemaText(await schemaStatements(db)));
    console.log(`${path.relative(process.cwd(), file)} écrit.`);
  } finally {
    db.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
