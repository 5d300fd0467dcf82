import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { emailKey } from '../src/email';
import { locationOptions, serviceTypeOptions } from '../src/facts';
import type { Status } from '../src/requests/statuses';
import type { Db } from '../src/store/db';
import type { Layout } from '../src/store/storage';

/**
 * Requests stored as the public route would leave them, with the inbox's columns as a test needs: for the
 * inbox pages' node tests and their browser spec (which cannot load the receiver's server modules).
 */

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function reference(day = '20261123'): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `D-${day}-${code}`;
}

export type Seed = {
  reference?: string;
  createdAt?: string;
  spam?: boolean;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  serviceType?: string;
  location?: string;
  description?: string;
  status?: Status;
  deadlineAt?: string | null;
  file?: { name: string; data: Buffer; type: string };
};

/** A stored request as the public route would leave it, with the inbox's columns set as a test needs. */
export async function seed(db: Db, dirs: Layout, values: Seed = {}): Promise<{ id: number; reference: string }> {
  const ref = values.reference ?? reference();
  const email = values.email ?? `client.${ref.slice(-6).toLowerCase()}@exemple.fr`;
  let stored: string | null = null;
  if (values.file) {
    stored = `${ref}${path.extname(values.file.name) || '.bin'}`;
    await writeFile(path.join(dirs.files, stored), values.file.data);
  }
  const result = await db.execute({
    sql: `INSERT INTO requests (reference, request_id, created_at, spam, first_name, last_name, email, email_key, phone,
            service_type, location, description, file_name, file_path, file_size, file_type, file_sha256, status, deadline_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    args: [
      ref,
      `req-${ref}`,
      values.createdAt ?? '2026-11-23T09:00:00.000Z',
      values.spam ? 1 : 0,
      values.firstName ?? 'Élodie',
      values.lastName ?? 'Martin',
      email,
      emailKey(email),
      values.phone ?? '06 12 34 56 78',
      values.serviceType ?? serviceTypeOptions[1]!.value,
      values.location ?? locationOptions[1]!.value,
      values.description ?? 'Remplacement d’une VMC.',
      values.file?.name ?? null,
      stored,
      values.file?.data.length ?? null,
      values.file?.type ?? null,
      values.file ? 'sha' : null,
      values.status ?? 'nouvelle',
      values.deadlineAt === undefined ? '2026-11-24T16:00:00.000Z' : values.deadlineAt,
    ],
  });
  return { id: Number(result.rows[0]?.id), reference: ref };
}
