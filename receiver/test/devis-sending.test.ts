import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { devisTerms } from '../src/facts';
import type { DevisDraft } from '../src/requests/devis/draft';
import { queuedDevisSent } from '../src/requests/mail-kinds';
import { openDb, type Db } from '../src/store/db';
import { createDevis, findDevis } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { versionPdf } from '../src/store/devis-versions';
import { requestForDevis } from './factories';
import { removeDir, storeDir } from './helpers';

/**
 * The sending's transaction (store/devis-sending.ts sendDevis, migration 13) on a real SQLite file: the PDF
 * and the mail are part of it, a PDF that fails to render sends nothing (no number taken, no version, no
 * mail, the draft kept), and the link's secret stays in the mail's outbox row only while it is pending.
 */

const dirs: string[] = [];
const dbs: Db[] = [];
after(async () => {
  for (const db of dbs) db.close();
  for (const dir of dirs) await removeDir(dir);
});

async function devisToSend(): Promise<{ db: Db; id: number; reference: string }> {
  const dataDir = await storeDir();
  dirs.push(dataDir);
  const db = await openDb(dataDir, 5000);
  dbs.push(db);
  const request = await requestForDevis(db, 'e@exemple.fr');
  const draft: DevisDraft = {
    client: { name: 'Élodie Martin', email: 'e@exemple.fr', phone: '06', jobAddress: 'Antibes', kind: 'consumer' },
    way: 'distance',
    urgent: false,
    lines: [
      {
        designation: 'Forfait',
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceHtCents: 15000,
        vatRateBp: 2000,
        kind: 'service',
      },
    ],
    validityDays: devisTerms.validityDays,
    paymentTerms: 'À réception de facture.',
  };
  return { db, id: await createDevis(db, request.id, draft, NOW), reference: request.reference };
}

const NOW = new Date('2026-11-24T09:00:00Z');
const count = async (db: Db, sql: string) => Number((await db.execute(sql)).rows[0]?.n);

test('a PDF that fails to render sends nothing: no number, no version, no mail, the draft kept', async () => {
  const { db, id } = await devisToSend();
  const before = await findDevis(db, id);
  await assert.rejects(
    sendDevis(
      db,
      id,
      NOW,
      {},
      {
        pdf: () => {
          throw new Error('the renderer broke');
        },
        mails: (sent) => [queuedDevisSent(sent, 'no-reply@entreprise.test')],
      },
    ),
    /the renderer broke/,
  );
  assert.deepEqual(await findDevis(db, id), before);
  assert.equal(await count(db, 'SELECT COUNT(*) AS n FROM devis_versions'), 0);
  assert.equal(await count(db, 'SELECT COUNT(*) AS n FROM devis_counters'), 0);
  assert.equal(await count(db, 'SELECT COUNT(*) AS n FROM outbox'), 0);
  assert.equal(await count(db, "SELECT COUNT(*) AS n FROM requests WHERE status = 'devis_envoye'"), 0);
});

test('the version, its PDF and its mail are written together; the secret leaves the row with the mail', async () => {
  const { db, id, reference } = await devisToSend();
  const pdf = new TextEncoder().encode('%PDF-1.7 sample');
  const sent = await sendDevis(
    db,
    id,
    NOW,
    {},
    {
      pdf: () => pdf,
      mails: (version) => [queuedDevisSent(version, 'no-reply@entreprise.test')],
    },
  );
  assert.deepEqual(await versionPdf(db, id, 1), pdf);
  const rows = await db.execute('SELECT kind, status, link_secret, message_id, devis_version_id FROM outbox');
  assert.equal(rows.rows.length, 1);
  assert.equal(rows.rows[0]?.kind, 'devis_sent');
  assert.equal(rows.rows[0]?.link_secret, sent.secret);
  assert.equal(rows.rows[0]?.message_id, `<${reference}-${sent.number}-v1.devis_sent@entreprise.test>`);
  // Sent, failed or cancelled: the secret is forgotten; the row stays for the record.
  for (const status of ['sent', 'failed', 'cancelled']) {
    await db.execute("UPDATE outbox SET status = 'pending', link_secret = 'x'");
    await db.execute({ sql: 'UPDATE outbox SET status = ?', args: [status] });
    assert.equal(await count(db, 'SELECT COUNT(*) AS n FROM outbox WHERE link_secret IS NOT NULL'), 0, status);
  }
  // While pending (a retry), it stays.
  await db.execute("UPDATE outbox SET status = 'pending', link_secret = 'x'");
  await db.execute('UPDATE outbox SET attempts = attempts + 1');
  assert.equal(await count(db, 'SELECT COUNT(*) AS n FROM outbox WHERE link_secret IS NOT NULL'), 1);
});
