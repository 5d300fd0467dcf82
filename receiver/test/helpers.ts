import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { after, before, type TestContext } from 'node:test';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { builtCommand, receiverBuilt, type Entry } from '../build';
import { buildApp, startReceiver, type Receiver } from '../src/app';
import { startSmtp, type Smtp } from './smtp';
import { movedClock } from './faketime';
export { freePort, startSmtp, type Smtp } from './smtp';
import { loadConfig } from '../src/config';
import type { ToolMain } from '../src/tools/cli';
import { Db, DB_FILE } from '../src/store/db';
import { QUOTE_RECEIVER_PATH, type QuoteAnswer, type QuoteRefusal } from '../src/facts';
import { sampleLocation, sampleService } from './factories';

/**
 * What the receiver's tests share: a temp data dir, a real SMTP server (smtp-server) that parses what it
 * receives (mailparser), a receiver started in-process with fast retry timings, the form's fields, and
 * waiting by polling with a deadline, never by sleeping a fixed time.
 */

export const ORIGIN = 'http://site.test';

/** The repository's root, where `npm run receiver…` runs. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const execFileAsync = promisify(execFile);

export type Run = { stdout: string; stderr: string; code: number };

/**
 * Runs the built receiver or one of its tools as its `npm run` script does (`node … receiver/dist/….mjs`,
 * receiver/build.ts), with the test environment; the build is made first, once per process.
 */
export async function runScript(
  entry: Entry,
  args: string[],
  dataDir: string,
  extra: Record<string, string | undefined> = {},
): Promise<Run> {
  await receiverBuilt();
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [...builtCommand(entry), ...args], {
      cwd: root,
      env: { ...process.env, ...testEnv(dataDir, extra) },
    });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as Run;
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

/** The owner's tools (`npm run receiver:NAME` runs receiver/bin/NAME.ts, which runs the same function). */
const tools = {
  list: () => import('../src/tools/list'),
  export: () => import('../src/tools/export'),
  erase: () => import('../src/tools/erase'),
  access: () => import('../src/tools/access'),
  purge: () => import('../src/tools/purge'),
  user: () => import('../src/tools/user'),
} satisfies Record<string, () => Promise<{ main: ToolMain }>>;

export type ToolName = keyof typeof tools;

/**
 * One of the owner's tools called in this process, with the test environment: what it writes on stdout and
 * stderr, and its exit code. For a test about the command itself (its process, its streams), `runScript`.
 */
export async function tool(
  name: ToolName,
  args: string[],
  dataDir: string,
  extra: Record<string, string | undefined> = {},
): Promise<Run> {
  const { main } = await tools[name]();
  const run = { stdout: '', stderr: '' };
  const code = await main(args, {
    env: testEnv(dataDir, extra),
    stdout: { write: (text: string) => (run.stdout += text) },
    stderr: { write: (text: string) => (run.stderr += text) },
  });
  return { ...run, code };
}

export type Running = { child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string };

/**
 * Starts `npm run receiver`'s command (the built receiver, made first once per process) as a child process
 * and waits for its "receiver started" line.
 */
export async function spawnReceiver(env: Record<string, string | undefined>): Promise<Running> {
  await receiverBuilt();
  const child = spawn(process.execPath, builtCommand('main'), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)".*"msg":"receiver started"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`receiver exited (${code}) before starting:\n${output}`)));
  });
  return { child, url, exited, output: () => output };
}

/** An empty folder of its own, for a test about what a first start finds (nothing, or an older store). */
export async function tempDir(prefix = 'receiver-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/**
 * A fresh data folder whose store is empty and at the current schema: a copy of one made once per process
 * by every migration on an empty folder (`Db.open`, as a first start does). A receiver opening it has nothing
 * to migrate: about 70 ms less of this process's time for each of the suite's two hundred receivers, most
 * of a receiver’s start (docs/performance.md, « Historique des mesures des tests »). For what a first start
 * does with its folder, `tempDir()`.
 */
export async function storeDir(prefix = 'receiver-test-'): Promise<string> {
  const dir = await tempDir(prefix);
  await copyFile(await migratedStore(), path.join(dir, DB_FILE));
  return dir;
}

let template: Promise<string> | undefined;

/** The empty store at the current schema, written whole into one file (VACUUM INTO: no -wal beside it). */
function migratedStore(): Promise<string> {
  template ??= (async () => {
    const dir = await tempDir('receiver-template-');
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'migrated.db');
    const db = await Db.open(dir, 5_000);
    try {
      await db.execute({ sql: 'VACUUM INTO ?', args: [file] });
    } finally {
      db.close();
    }
    return file;
  })();
  return template;
}

export function sha256(data: Buffer | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`: generous,
 * since it costs time only when the test fails, and a loaded machine must not make a test fail.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 60_000,
): Promise<Exclude<T, undefined | false>> {
  const deadline = Date.now() + timeoutMs;
  let delay = 5;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as Exclude<T, undefined | false>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 100);
  }
}

/** The test environment: fast retries and polling, the test origin, no rate limit unless asked. */
export function testEnv(
  dataDir: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    PORT: '0',
    // The team inbox's listener too: tests run side by side.
    QUOTE_INBOX_PORT: '0',
    HOST: '127.0.0.1',
    QUOTE_DATA_DIR: dataDir,
    QUOTE_ALLOWED_ORIGINS: ORIGIN,
    QUOTE_RATE_LIMIT: '0',
    QUOTE_RETRY_BASE_MS: '20',
    QUOTE_RETRY_MAX_MS: '200',
    QUOTE_OUTBOX_POLL_MS: '50',
    // Each health call checks the store (the cache has its own test).
    QUOTE_HEALTH_CACHE_MS: '0',
    QUOTE_NOTIFY_EMAIL: 'devis@entreprise.test',
    QUOTE_FROM_EMAIL: 'no-reply@entreprise.test',
    LOG_LEVEL: 'info',
    // No morning digest in the middle of a test that counts mails (its own tests turn it on).
    QUOTE_DIGEST_TIME: 'off',
    ...extra,
  };
}

export type TestReceiver = Receiver & { logs: () => string; dataDir: string };

/** A log stream kept in memory. */
function logCapture(): { logStream: PassThrough; logs: () => string } {
  const logStream = new PassThrough();
  let logs = '';
  logStream.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  return { logStream, logs: () => logs };
}

/** A receiver listening on a free port of 127.0.0.1: for the tests about the network (sockets, crashes). */
export async function startTestReceiver(
  dataDir: string,
  extra: Record<string, string | undefined> = {},
): Promise<TestReceiver> {
  const { logStream, logs } = logCapture();
  await reopening(dataDir);
  const receiver = await startReceiver(loadConfig(testEnv(dataDir, extra)), { logStream });
  const close = receiver.close;
  return Object.assign(receiver, {
    logs,
    dataDir,
    close: async () => {
      await close();
      closedInProcess.add(path.resolve(dataDir));
    },
  });
}

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * libsql closes SQLite's handle on quotes.db only when the last prepared statement of the closed client is
 * garbage-collected; until then the file stays open, and its -wal and -shm files are deleted whenever that
 * happens (a test once renamed them from under it: ENOENT). A stopped process releases them at exit. In
 * this process, a full collection releases them at once, but it stops every test file running beside it
 * for about half a second with the suite's heap: so a closed receiver is only noted (`closedInProcess`), a
 * receiver started again on the same folder releases it first (`reopening`), and a test that then moves
 * the folder's files, reads them as a listing, or hands them to another process calls this itself.
 */
export async function releaseClosedDatabases(): Promise<void> {
  collectGarbage();
  closedInProcess.clear();
  await new Promise((resolve) => setImmediate(resolve));
}

/** The data folders of receivers closed in this process since the last release. */
const closedInProcess = new Set<string>();

/** Before a receiver opens a folder a closed one of this process had open: that handle released first. */
async function reopening(dataDir: string): Promise<void> {
  if (closedInProcess.has(path.resolve(dataDir))) await releaseClosedDatabases();
}

export type BuiltReceiver = Pick<Receiver, 'app' | 'db' | 'worker'> & { dataDir: string; logs: () => string };

/**
 * The whole receiver on a fresh data folder, ready but listening on no port (as fastify/demo's
 * test/helper.ts): for tests that only need requests and answers, sent with `send` (app.inject). Closed,
 * and its folder removed, when the test ends.
 */
export async function build(t: TestContext, extra: Record<string, string | undefined> = {}): Promise<BuiltReceiver> {
  const dataDir = await storeDir();
  const { logStream, logs } = logCapture();
  const app = buildApp(loadConfig(testEnv(dataDir, extra)), { logStream });
  t.after(async () => {
    await app.close();
    await removeDir(dataDir);
  });
  await app.ready();
  return { app, db: app.store, worker: app.outbox, dataDir, logs };
}

/**
 * Inside a describe: a real SMTP server and a receiver mailing through it on a fresh data folder, started
 * before the describe's tests and stopped (its folder removed) after them. Read them as `live.smtp` and
 * `live.receiver` inside the tests.
 */
export function liveReceiver(extra: Record<string, string | undefined> = {}): { smtp: Smtp; receiver: TestReceiver } {
  const live = {} as { smtp: Smtp; receiver: TestReceiver };
  before(async () => {
    live.smtp = await startSmtp();
    live.receiver = await startTestReceiver(await storeDir(), { SMTP_URL: live.smtp.url, ...extra });
  });
  after(async () => {
    await live.receiver.close();
    await live.smtp.stop();
    await removeDir(live.receiver.dataDir);
    // The describe's tests, which node:test keeps until the run ends, hold `live`: the receiver let go.
    Object.assign(live, { receiver: undefined, smtp: undefined });
  });
  return live;
}

/**
 * A receiver on a fresh data folder (`receiver.dataDir`), closed and its folder removed by the file's
 * clean-up steps.
 */
export async function receiverWith(
  cleanup: (() => Promise<void>)[],
  extra: Record<string, string | undefined> = {},
): Promise<TestReceiver> {
  const dataDir = await storeDir();
  const receiver = await startTestReceiver(dataDir, extra);
  cleanup.push(async () => {
    await receiver.close();
    await removeDir(dataDir);
  });
  return receiver;
}

export type Fields = Record<string, string>;

export function validFields(overrides: Fields = {}): Fields {
  return {
    firstName: 'Élodie',
    lastName: 'Martin-Durand',
    // One address per request: at most 3 confirmations go to one address a day (its own tests).
    email: `elodie.martin.${randomUUID().slice(0, 8)}@exemple.fr`,
    phone: '+33 6 12 34 56 78',
    serviceType: sampleService.value,
    location: sampleLocation.value,
    description: 'Remplacement d’une VMC <b>double flux</b> & mise en service ;\r\ndeuxième ligne "citée".',
    requestId: randomUUID(),
    website: '',
    ...overrides,
  };
}

export type Attachment = { name: string; data: Buffer; field?: string; type?: string };

export function form(fields: Fields, files: Attachment[] = []): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files)
    body.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  return body;
}

export type Answer = {
  status: number;
  /** The quote contract's answer (content/quote-contract.ts), or a refusal of it. */
  body: Partial<QuoteAnswer> & Partial<QuoteRefusal>;
  headers: Headers;
};

/** Posts to the quote route without a socket (app.inject), as the form would. */
export async function send(
  app: FastifyInstance,
  body: FormData | string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: QUOTE_RECEIVER_PATH,
    payload: body,
    headers: { origin: ORIGIN, accept: 'application/json', ...headers },
  });
  const answerHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) answerHeaders.set(name, String(value));
  }
  return { status: response.statusCode, body: answerBody(response.body), headers: answerHeaders };
}

export async function post(
  url: string,
  body: FormData | string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${url}/api/devis`, {
    method: 'POST',
    body,
    headers: { origin: ORIGIN, accept: 'application/json', ...headers },
  });
  return { status: response.status, body: answerBody(await response.text()), headers: response.headers };
}

/** The receiver's JSON answer, or an error naming what came instead. */
export function answerBody(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return { error: `not JSON: ${text.slice(0, 200)}` };
  }
}

export async function countRows(
  receiver: Pick<Receiver, 'db'>,
  table: 'requests' | 'outbox',
  where = '1 = 1',
): Promise<number> {
  const result = await receiver.db.execute(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`);
  return Number(result.rows[0]?.n);
}

export async function listDir(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

/** Waits until no mail is pending (sent or failed), so counting received mails is final. */
export async function outboxSettled(receiver: Pick<Receiver, 'db'>, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    'the outbox to be empty',
    async () => (await countRows(receiver, 'outbox', "status = 'pending'")) === 0,
    timeoutMs,
  );
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * `npm run receiver`'s process (spawnReceiver) with `env`, its clock reading `at` when it starts and running on
 * from there (the real clock when `at` is undefined); its origin and its stop.
 */
export async function receiverAtClock(
  env: Record<string, string | undefined>,
  at: Date | undefined,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const seconds = at ? Math.round((at.getTime() - Date.now()) / 1000) : 0;
  const running = await spawnReceiver({
    ...env,
    ...(at ? movedClock({ offset: `${seconds >= 0 ? '+' : ''}${seconds}` }) : {}),
  });
  const stop = async () => {
    if (running.child.exitCode === null) running.child.kill('SIGTERM');
    await running.exited;
  };
  return { origin: new URL(running.url).origin, stop };
}
