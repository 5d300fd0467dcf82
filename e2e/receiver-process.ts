import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUOTE_RECEIVER_PATH } from '@/content/quote-settings';
import { freePort, startSmtp, type Smtp } from '../receiver/test/smtp';
import { raw, startNginx, stopProcess, until, type Nginx } from './servers';

/**
 * The company's receiver as the browser and deployment tests start it: `npm run receiver`'s command
 * (the built receiver/dist/main.mjs) with the settings given, ready once `ready` answers true. Its output is kept
 * for the error that says why it did not start.
 */
export type ReceiverProcess = { child: ChildProcess; output: () => string };

/**
 * Node's arguments for the built receiver, as receiver/build.ts's builtCommand('main') gives them; that module
 * cannot be loaded here (Playwright loads the receiver's modules with require(), without import.meta). The
 * build is made once before the browser tests (e2e/global-setup.ts).
 */
const builtMain = ['--enable-source-maps', join(__dirname, '..', 'receiver', 'dist', 'main.mjs')];

export async function spawnReceiver(
  env: Record<string, string>,
  what: string,
  ready: () => Promise<boolean>,
): Promise<ReceiverProcess> {
  const child = spawn(process.execPath, builtMain, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Should the worker end without its teardown, the receiver must not outlive it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  await until(
    what,
    async () => {
      if (child.exitCode !== null) throw new Error(`the receiver exited:\n${output}`);
      return ready();
    },
    // A slow start is not a failed one: on a loaded machine the start and the store take tens of seconds.
    60_000,
  );
  return { child, output: () => output };
}

/**
 * The production chain around the receiver: a real SMTP server catching its mails, the receiver on a fresh
 * data folder (its inbox off), and nginx serving `outDir` with the project's config, passing the receiver's
 * public paths to it. `quoteEndpoint` is the build's endpoint (null when the build posts nowhere).
 */
export type ReceiverStack = {
  nginx: Nginx;
  mailbox: Smtp;
  dataDir: string;
  notifyEmail: string;
  stop: () => Promise<void>;
};

export async function startReceiverStack(
  outDir: string,
  { quoteEndpoint, name }: { quoteEndpoint: string | null; name: string },
): Promise<ReceiverStack> {
  const [nginxPort, receiverPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const mailbox = await startSmtp();
  const notifyEmail = 'devis@entreprise.test';
  const receiver = await spawnReceiver(
    {
      PORT: String(receiverPort),
      QUOTE_INBOX_PORT: '0',
      HOST: '127.0.0.1',
      QUOTE_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      QUOTE_NOTIFY_EMAIL: notifyEmail,
      QUOTE_ALLOWED_ORIGINS: `http://127.0.0.1:${nginxPort}`,
      QUOTE_OUTBOX_POLL_MS: '100',
      // No morning digest among the mails the specs read.
      QUOTE_DIGEST_TIME: 'off',
      LOG_LEVEL: 'warn',
    },
    'the receiver to answer its health check',
    () =>
      raw(`http://127.0.0.1:${receiverPort}`, `${QUOTE_RECEIVER_PATH}/health`).then(
        (response) => response.status === 200,
        () => false,
      ),
  );
  const nginx = await startNginx(outDir, {
    port: nginxPort,
    receiver: `127.0.0.1:${receiverPort}`,
    quoteEndpoint,
    analyticsScript: null,
  });
  return {
    nginx,
    mailbox,
    dataDir,
    notifyEmail,
    stop: async () => {
      await nginx.stop();
      await stopProcess(receiver.child);
      await mailbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
