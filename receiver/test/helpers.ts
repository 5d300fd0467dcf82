import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startReceiver, type Receiver } from '../src/app';
import { loadConfig } from '../src/config';
import { locationOptions, serviceTypeOptions } from '../src/facts';

/** The service and the place a test request asks for, as the form offers them (content/quote.ts). */
export const sampleService = serviceTypeOptions[1]!;
export const sampleLocation = locationOptions[1]!;

/**
 * What the receiver's tests share: a temp data dir, a real SMTP server (smtp-server) that parses what it
 * receives (mailparser), a receiver started in-process with fast retry timings, the form's fields, and
 * waiting by polling with a deadline, never by sleeping a fixed time.
 */

export const ORIGIN = 'http://site.test';

export async function tempDir(prefix = 'receiver-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export function sha256(data: Buffer | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 20_000,
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

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type Smtp = {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Answer every recipient with a temporary failure (451) while true. */
  rejecting: boolean;
  stop(): Promise<void>;
  withReference(reference: string): ParsedMail[];
};

/** A real SMTP server on loopback (no TLS, no auth) that keeps every message it accepted, parsed. */
export async function startSmtp(port = 0): Promise<Smtp> {
  const smtp: Smtp = {
    port: 0,
    url: '',
    messages: [],
    rejecting: false,
    stop: async () => {},
    withReference: (reference) => smtp.messages.filter((message) => message.subject?.includes(reference)),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No DNS here: a reverse lookup of 127.0.0.1 per connection would only add waiting.
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    size: 40 * 1024 * 1024,
    onRcptTo(_address, _session, callback) {
      if (smtp.rejecting) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            smtp.messages.push(parsed);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  smtp.port = (server.server.address() as AddressInfo).port;
  smtp.url = `smtp://127.0.0.1:${smtp.port}`;
  smtp.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp;
}

/** The test environment: fast retries and polling, the test origin, no rate limit unless asked. */
export function testEnv(
  dataDir: string,
  extra: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    QUOTE_DATA_DIR: dataDir,
    QUOTE_ALLOWED_ORIGINS: ORIGIN,
    QUOTE_RATE_LIMIT: '0',
    QUOTE_RETRY_BASE_MS: '20',
    QUOTE_RETRY_MAX_MS: '200',
    QUOTE_OUTBOX_POLL_MS: '50',
    QUOTE_NOTIFY_EMAIL: 'devis@entreprise.test',
    QUOTE_FROM_EMAIL: 'no-reply@entreprise.test',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

export type TestReceiver = Receiver & { logs: () => string; dataDir: string };

export async function startTestReceiver(
  dataDir: string,
  extra: Record<string, string | undefined> = {},
): Promise<TestReceiver> {
  const logStream = new PassThrough();
  let logs = '';
  logStream.on('data', (chunk: Buffer) => (logs += chunk.toString('utf8')));
  const receiver = await startReceiver(loadConfig(testEnv(dataDir, extra)), { logStream });
  return Object.assign(receiver, { logs: () => logs, dataDir });
}

export type Fields = Record<string, string>;

export function validFields(overrides: Fields = {}): Fields {
  return {
    firstName: 'Élodie',
    lastName: 'Martin-Durand',
    email: 'elodie.martin@exemple.fr',
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

export type Answer = { status: number; body: { reference?: string; error?: string }; headers: Headers };

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
  const text = await response.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = { error: `not JSON: ${text.slice(0, 200)}` };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export async function countRows(receiver: Receiver, table: 'requests' | 'outbox', where = '1 = 1'): Promise<number> {
  const result = await receiver.db.execute(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`);
  return Number(result.rows[0]?.n);
}

export async function listDir(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

/** Waits until no mail is pending (sent or failed), so counting received mails is final. */
export async function outboxSettled(receiver: Receiver, timeoutMs = 20_000): Promise<void> {
  await waitFor(
    'the outbox to be empty',
    async () => (await countRows(receiver, 'outbox', "status = 'pending'")) === 0,
    timeoutMs,
  );
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
