import { simpleParser, type ParsedMail } from 'mailparser';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * The test servers every receiver test shares, the receiver's own (receiver/test/) and the end-to-end one
 * (e2e/receiver.spec.ts): a free local port, and a real SMTP server on loopback. Only packages, no
 * receiver code, so that Playwright can load it as it is.
 */

/**
 * A free local port for a server a test starts. Ports are taken below the kernel's ephemeral range
 * (/proc/sys/net/ipv4/ip_local_port_range, 32768–60999 by default), where no outgoing connection can
 * occupy one between the check and the server's own listen. Each Playwright worker has its own block
 * (TEST_PARALLEL_INDEX), and a process never hands out the same port twice, so two servers started side
 * by side cannot be given the same port.
 */
const FIRST_PORT = 20_000;
const BLOCK = 1_500;
const BLOCKS = 8;
const handedOut = new Set<number>();
const block = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % BLOCKS;
let next = (process.pid * 7) % BLOCK;

function bindable(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tried = 0; tried < BLOCK; tried++) {
    const port = FIRST_PORT + block * BLOCK + next;
    next = (next + 1) % BLOCK;
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(
    `no free port left between ${FIRST_PORT + block * BLOCK} and ${FIRST_PORT + (block + 1) * BLOCK - 1}`,
  );
}

export type Smtp = {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Answer every recipient with a temporary failure (451) while true. */
  rejecting: boolean;
  /** Recipients answered with a permanent failure (550 unknown recipient). */
  unknownRecipients: Set<string>;
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
    unknownRecipients: new Set(),
    stop: async () => {},
    withReference: (reference) => smtp.messages.filter((message) => message.subject?.includes(reference)),
  };
  const server = await listenSmtp(
    {
      size: 40 * 1024 * 1024,
      onRcptTo(address, _session, callback) {
        if (smtp.unknownRecipients.has(address.address))
          return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
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
    },
    port,
  );
  Object.assign(smtp, { port: server.port, url: server.url, stop: server.stop });
  return smtp;
}

export type ListeningSmtp = { port: number; url: string; stop(): Promise<void> };

/**
 * An SMTP server on loopback as the tests need one (no TLS, no auth, no DNS), with the test's own handlers
 * and options (`onData`, `onRcptTo`, `size`…): startSmtp's, or a relay with faults of its own. `host`: another
 * of this machine's addresses, for a relay that must not look local (smtp-tls.test.ts).
 */
export async function listenSmtp(options: SMTPServerOptions, port = 0, host = '127.0.0.1'): Promise<ListeningSmtp> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No DNS here: a reverse lookup of 127.0.0.1 per connection would only add waiting.
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    // stop() waits for connected clients this long (smtp-server waits 30 s by default): a receiver that
    // still holds a pooled connection when a test ends must not keep the test file alive.
    closeTimeout: 200,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const listening = (server.server.address() as AddressInfo).port;
  return {
    port: listening,
    url: `smtp://${host.includes(':') ? `[${host}]` : host}:${listening}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
