import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { TestContext } from 'node:test';
import Fastify, { type FastifyInstance, type LightMyRequestResponse as Response } from 'fastify';
import { loadConfig, type Config } from '../src/config';
import { addMember } from '../src/store/members';
import { buildInbox } from '../src/inbox/server';
import { openDb, type Db } from '../src/store/db';
import { ensureLayout, layout } from '../src/store/storage';
import { removeDir, storeDir, testEnv } from './helpers';

/**
 * The inbox's sign-in side under test: buildInbox on a fresh data folder, a clock the test moves (never
 * waits for), and a software authenticator that makes real WebAuthn answers (P-256 keys, "none"
 * attestation, user present and verified), so the server's checks run exactly as with a phone.
 */

export type Clock = { now: number };

export type Inbox = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: Clock;
  /** The inbox's origin (what a browser sends as Origin), e.g. http://localhost:8788. */
  origin: string;
  get: (url: string, headers?: Record<string, string>) => Promise<Response>;
  /** A JSON POST from the inbox's own pages (Origin set), from a client address (default 127.0.0.1). */
  postJson: (url: string, body: unknown, headers?: Record<string, string>, address?: string) => Promise<Response>;
};

export const START = Date.parse('2026-11-24T08:00:00Z');

export async function inboxApp(t: TestContext, env: Record<string, string> = {}): Promise<Inbox> {
  const dataDir = await storeDir('inbox-auth-');
  const config = loadConfig(testEnv(dataDir, env));
  const dirs = layout(dataDir);
  await ensureLayout(dirs);
  const db = await openDb(dataDir, config.dbBusyTimeoutMs);
  const clock: Clock = { now: START };
  const app = buildInbox({
    config,
    db,
    dirs,
    log: Fastify({ logger: { level: 'silent' } }).log,
    wakeOutbox: () => {},
    now: () => new Date(clock.now),
  });
  await app.ready();
  t.after(async () => {
    await app.close();
    db.close();
    await removeDir(dataDir);
  });
  return inboxClient(app, db, config, clock);
}

/** Requests to an inbox instance as its pages send them (the full receiver's `app.inbox` too). */
export function inboxClient(app: FastifyInstance, db: Db, config: Config, clock: Clock): Inbox {
  const origin = new URL(config.inboxUrl).origin;
  return {
    app,
    db,
    config,
    clock,
    origin,
    get: (url, headers = {}) => app.inject({ method: 'GET', url, headers }),
    postJson: (url, body, headers = {}, address = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url,
        headers: { origin, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
        remoteAddress: address,
      }),
  };
}

/** The session cookie an answer sets, as a Cookie header (name=value). */
export function cookieOf(response: Response): string {
  const header = [response.headers['set-cookie'] ?? []].flat().find((value) => /gestion_session=/.test(String(value)));
  if (!header) throw new Error(`no cookie set (status ${response.statusCode}: ${response.body})`);
  return String(header).split(';')[0]!;
}

/** The ceremony cookie an options answer sets (the challenge bound to this browser), as name=value. */
export function ceremonyOf(response: Response): string {
  const header = [response.headers['set-cookie'] ?? []]
    .flat()
    .find((value) => /gestion_ceremonie=/.test(String(value)));
  if (!header) throw new Error(`no ceremony cookie set (status ${response.statusCode}: ${response.body})`);
  return String(header).split(';')[0]!;
}

/** Cookie headers joined as a browser sends them. */
export function cookies(...values: (string | undefined)[]): string {
  return values.filter((value) => value).join('; ');
}

// A minimal CBOR encoder: what an attestation object and a COSE key need (integers, strings, bytes, maps).
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const buffer = Buffer.alloc(3);
  buffer[0] = (major << 5) | 25;
  buffer.writeUInt16BE(length, 1);
  return buffer;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, entry] of value) parts.push(cbor(key), cbor(entry));
  return Buffer.concat(parts);
}

const b64url = (data: Buffer) => data.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** UP (user present) and UV (user verified); AT (attested credential data follows). */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 };

/** A passkey on a software authenticator: it answers the inbox's options as a phone would. */
export class SoftPasskey {
  readonly id = randomBytes(16);
  readonly #key: KeyObject;
  readonly #publicJwk: { x: string; y: string };
  counter = 0;
  userHandle = '';
  /** Leave false to answer without user verification (the server must refuse). */
  verified = true;

  constructor(readonly origin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#key = privateKey;
    this.#publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get rpId(): string {
    return new URL(this.origin).hostname;
  }

  #authData(attested: boolean): Buffer {
    const flags = FLAGS.up | (this.verified ? FLAGS.uv : 0) | (attested ? FLAGS.at : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts: Buffer[] = [sha256(this.rpId), Buffer.from([flags]), counter];
    if (attested) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(this.id.length);
      const coseKey = new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
      ]);
      parts.push(Buffer.alloc(16), idLength, this.id, cbor(coseKey));
    }
    return Buffer.concat(parts);
  }

  #clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to registration options (navigator.credentials.create). */
  register(options: { challenge: string; user: { id: string } }) {
    this.userHandle = options.user.id;
    const attestation = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.#authData(true)],
      ]),
    );
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.#clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to authentication options (navigator.credentials.get); the counter grows first. */
  authenticate(options: { challenge: string }, { bumpCounter = true } = {}) {
    if (bumpCounter) this.counter += 1;
    const authData = this.#authData(false);
    const clientData = this.#clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.#key);
    return {
      id: b64url(this.id),
      rawId: b64url(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}

/** A member added as the tool does, with their enrolment link's secret. */
export async function newMember(inbox: Inbox, name = 'Léa Martin', email = 'lea@entreprise.test') {
  const { member, secret } = await addMember(inbox.db, { name, email }, inbox.clock.now);
  return { member, secret };
}

/** Enrols a passkey from a link, as the enrolment page does; returns the answer and the passkey. */
export async function enrol(inbox: Inbox, secret: string, passkey = new SoftPasskey(inbox.origin)) {
  const options = await inbox.postJson(`/gestion/inscription/${secret}/options`, {});
  if (options.statusCode !== 200) return { answer: options, passkey };
  const answer = await inbox.postJson(`/gestion/inscription/${secret}/verification`, passkey.register(options.json()), {
    cookie: ceremonyOf(options),
  });
  return { answer, passkey };
}

/** Signs in with a passkey as the sign-in page does. */
export async function signInWith(
  inbox: Inbox,
  passkey: SoftPasskey,
  {
    address = '127.0.0.1',
    cookie,
    bumpCounter = true,
  }: { address?: string; cookie?: string; bumpCounter?: boolean } = {},
) {
  const options = await inbox.postJson('/gestion/connexion/options', {}, {}, address);
  const headers = { cookie: cookies(cookie, ceremonyOf(options)) };
  return inbox.postJson(
    '/gestion/connexion/verification',
    passkey.authenticate(options.json(), { bumpCounter }),
    headers,
    address,
  );
}

export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * A signed-in member adds a passkey on a second device (an iPhone's Safari) from « Mes appareils », after
 * signing in with a passkey they already have; returns the new passkey.
 */
export async function addDevice(inbox: Inbox, existing: SoftPasskey, device = new SoftPasskey(inbox.origin)) {
  const signedIn = await signInWith(inbox, existing);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in refused: ${signedIn.body}`);
  const cookie = cookieOf(signedIn);
  const page = await inbox.get('/gestion/appareils', { cookie });
  const csrf = /data-csrf="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const headers = { cookie, 'x-csrf-token': csrf, 'user-agent': IPHONE_SAFARI };
  const options = await inbox.postJson('/gestion/appareils/options', {}, headers);
  const added = await inbox.postJson('/gestion/appareils/verification', device.register(options.json()), {
    ...headers,
    cookie: cookies(cookie, ceremonyOf(options)),
  });
  if (added.statusCode !== 200) throw new Error(`device refused: ${added.body}`);
  return device;
}
