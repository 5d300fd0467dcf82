import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { InStatement } from '@libsql/client';
import { buildApp } from '../src/app';
import { CLIENT_CSS } from '../src/client/style';
import { loadConfig } from '../src/config';
import { DEVIS_CLIENT_PATH, formatDevisNumber, parisClock } from '../src/facts';
import type { FrozenDevis } from '../src/requests/devis/draft';
import { validUntilDay } from '../src/requests/devis/mentions';
import { devisTotals } from '../src/requests/devis/money';
import { openDb } from '../src/store/db';
import { sha256Hex } from '../src/store/devis-queries';
import { removeDir, tempDir, testEnv } from '../test/helpers';
import { percentile } from './percentile';
import { draft } from '../test/factories';

/**
 * The client's page of a devis (`GET /votre-devis/<secret>`, receiver/src/client/) with DEVIS_COUNT sent devis
 * in a real store: answered through the whole receiver (app.inject: the page's hooks, its lookup, its first
 * view recorded, its rendering), for `gets` random stored links one after the other, after a warm-up. One
 * devis in ten also has a second link (« Relancer le client », devis_links), and its page is asked for by that
 * link, so both lookups are measured. Reports the median and the 95th percentile against the target of
 * TARGET_MS at p95, the page's weight (its HTML, and the inline CSS inside it; no script) and the query
 * plans of the page's lookups (each must SEARCH an index, never SCAN a table).
 *
 * The store is filled as the sending leaves it (a request, its devis numbered from the year's counter, its
 * frozen version with the hash of its link, the « sent » event), in transactions of BATCH devis: the
 * triggers that hold the numbers and the frozen versions run on every row, as in production.
 */

export const DEVIS_COUNT = 10_000;
const TARGET_MS = 50;
const BATCH = 500;
/** A stand-in for each version's PDF: the page only says that there is one (the PDF is served by /pdf). */
const PDF = new TextEncoder().encode('%PDF-1.7 banc d’essai');

/** A small deterministic generator: the same store at every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export async function clientPageBench(options: {
  devis?: number;
  gets?: number;
  logStream: Writable;
}): Promise<[string, string][]> {
  const count = options.devis ?? DEVIS_COUNT;
  const gets = options.gets ?? 1000;
  const dataDir = await tempDir('receiver-bench-client-');
  // Filled before the receiver starts (its schedulers would otherwise share the connection with the fill).
  const db = await openDb(dataDir, 30_000);
  const app = buildApp(loadConfig(testEnv(dataDir, { LOG_LEVEL: 'warn' })), { logStream: options.logStream });
  try {
    const now = new Date();
    const year = parisClock(now).year;
    const next = random(7);
    const base = draft();
    const secrets: string[] = [];

    const fillStarted = performance.now();
    for (let start = 0; start < count; start += BATCH) {
      const statements: InStatement[] = [];
      for (let index = start; index < Math.min(count, start + BATCH); index += 1) {
        // Sent within the last three weeks, valid 30 days: every page awaits an answer.
        const sentAt = new Date(now.getTime() - Math.floor(next() * 21 * 24 * 3_600_000));
        const at = sentAt.toISOString();
        const reference = `D-${at.slice(0, 10).replace(/-/g, '')}-B${String(index).padStart(5, '0')}`;
        const lines = Array.from({ length: 1 + Math.floor(next() * 8) }, (_, line) => ({
          ...base.lines[line % base.lines.length]!,
          quantityMilli: 1000 + Math.floor(next() * 4) * 500,
        }));
        const rank = index + 1;
        const number = formatDevisNumber(year, rank);
        const content: FrozenDevis = {
          ...base,
          client: { ...base.client, name: `Client ${index}`, email: `client.${index}@exemple.fr` },
          lines,
          number,
          version: 1,
          issuedAt: at,
          totals: devisTotals(lines),
        };
        const json = JSON.stringify(content);
        const secret = randomBytes(32).toString('base64url');
        const reminded = index % 10 === 0 ? randomBytes(32).toString('base64url') : undefined;
        secrets.push(reminded ?? secret);
        const devis = '(SELECT id FROM devis WHERE number = ?)';
        const version = '(SELECT id FROM devis_versions WHERE link_hash = ?)';
        statements.push(
          {
            sql: `INSERT INTO requests (reference, request_id, created_at, first_name, last_name, email, email_key, phone,
                    service_type, location, description, status)
                  VALUES (?, ?, ?, 'Camille', ?, ?, ?, '06 39 98 12 34', 'maintenance', 'antibes',
                    'La pompe à chaleur se met en sécurité.', 'devis_envoye')`,
            args: [reference, `bench-${index}`, at, `Client ${index}`, content.client.email, content.client.email],
          },
          {
            sql: `INSERT INTO devis (request_id, status, created_at, updated_at, draft)
                  SELECT id, 'brouillon', ?, ?, NULL FROM requests WHERE reference = ?`,
            args: [at, at, reference],
          },
          rank === 1
            ? { sql: 'INSERT INTO devis_counters (year, last) VALUES (?, 1)', args: [year] }
            : { sql: 'UPDATE devis_counters SET last = last + 1 WHERE year = ?', args: [year] },
          {
            sql: `UPDATE devis SET number = ?, number_year = ?, number_rank = ?
                  WHERE id = (SELECT d.id FROM devis d JOIN requests r ON r.id = d.request_id WHERE r.reference = ?)`,
            args: [number, year, rank, reference],
          },
          {
            sql: `INSERT INTO devis_versions (devis_id, version, sent_at, content, content_sha256, link_hash, valid_until,
                    total_ttc_cents, pdf, pdf_sha256)
                  SELECT id, 1, ?, ?, ?, ?, ?, ?, ?, ? FROM devis WHERE number = ?`,
            args: [
              at,
              json,
              sha256Hex(json),
              sha256Hex(secret),
              validUntilDay(sentAt, content.validityDays),
              content.totals.ttcCents,
              PDF,
              sha256Hex(PDF),
              number,
            ],
          },
          {
            sql: `UPDATE devis SET current_version = 1, status = 'envoye' WHERE number = ?`,
            args: [number],
          },
          {
            sql: `INSERT INTO devis_events (devis_id, version, kind, at) VALUES (${devis}, 1, 'sent', ?)`,
            args: [number, at],
          },
          ...(reminded
            ? [
                {
                  sql: `INSERT INTO devis_links (version_id, link_hash, created_at) VALUES (${version}, ?, ?)`,
                  args: [sha256Hex(secret), sha256Hex(reminded), at],
                },
                {
                  sql: `INSERT INTO devis_events (devis_id, version, kind, at) VALUES (${devis}, 1, 'client_reminded', ?)`,
                  args: [number, at],
                },
              ]
            : []),
        );
      }
      await db.batch(statements, 'write');
    }
    await db.execute('ANALYZE');
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    db.close();
    await app.ready();

    // The page's lookups: its version by either link, its first view. Each must use an index.
    const plans: string[] = [];
    for (const sql of [
      `SELECT v.devis_id FROM devis_versions v JOIN devis d ON d.id = v.devis_id
         WHERE v.id = coalesce((SELECT id FROM devis_versions WHERE link_hash = 'x'),
           (SELECT version_id FROM devis_links WHERE link_hash = 'x'))`,
      "SELECT 1 FROM devis_events WHERE devis_id = 1 AND version = 1 AND kind = 'opened' LIMIT 1",
    ]) {
      const plan = await app.store.execute(`EXPLAIN QUERY PLAN ${sql}`);
      plans.push(...plan.rows.map((row) => String(row.detail)));
    }
    const scans = plans.filter((line) => /^SCAN /.test(line));

    const get = (secret: string) => app.inject({ method: 'GET', url: `${DEVIS_CLIENT_PATH}/${secret}` });
    for (let warm = 0; warm < 50; warm += 1) await get(secrets[Math.floor(next() * secrets.length)]!);
    const times: number[] = [];
    let failed = 0;
    let html = '';
    for (let run = 0; run < gets; run += 1) {
      const secret = secrets[Math.floor(next() * secrets.length)]!;
      const begin = performance.now();
      const page = await get(secret);
      times.push(performance.now() - begin);
      if (page.statusCode !== 200) failed += 1;
      html = page.body;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const htmlBytes = Buffer.byteLength(html);
    const cssBytes = Buffer.byteLength(CLIENT_CSS);
    const scripts = (html.match(/<script\b/g) ?? []).length;
    // A page not served, or a lookup that reads a whole table, is a fault, not a figure: the run fails.
    if (failed > 0 || scans.length > 0) process.exitCode = 1;
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    return [
      [
        `Client's devis page, ${count} sent devis stored (filled in)`,
        `${fillSeconds.toFixed(1)} s, one in ten with a second link`,
      ],
      [
        `  GET ${DEVIS_CLIENT_PATH}/<secret>, ${gets} random links: median / p95 / max`,
        `${ms(percentile(times, 50))} / ${ms(p95)} / ${ms(times.at(-1) ?? NaN)}`,
      ],
      ['  answers other than 200', `${failed}`],
      [`  target: p95 under ${TARGET_MS} ms`, p95 < TARGET_MS ? 'yes' : 'NO'],
      [
        '  page weight: HTML (CSS inline in it) / scripts',
        `${(htmlBytes / 1000).toFixed(1)} KB (CSS ${(cssBytes / 1000).toFixed(1)} KB) / ${scripts}`,
      ],
      ['  lookups by an index (EXPLAIN QUERY PLAN)', scans.length === 0 ? 'yes' : `NO: ${scans.join('; ')}`],
    ];
  } finally {
    db.close();
    await app.close();
    await removeDir(dataDir);
  }
}
