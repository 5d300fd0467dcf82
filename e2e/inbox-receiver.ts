import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main as userMain } from '../receiver/src/tools/user';
import { spawnReceiver } from './receiver-process';
import { freePort, stopProcess } from './servers';

/**
 * A real receiver for the inbox's browser and deployment tests: `npm run receiver`'s command on a fresh
 * data folder, its inbox on a free port (or the address given, when nginx publishes it), and the
 * `npm run receiver:user` tool on the same folder.
 */
export type InboxReceiver = {
  /** QUOTE_INBOX_URL: the inbox's public address, ending in /gestion/. */
  url: string;
  /** host:port the inbox listens on (what nginx's --inbox proxies to). */
  address: string;
  /** The public listener's origin (PORT): the client's page of a devis, /api/devis. */
  publicOrigin: string;
  dataDir: string;
  stop: () => Promise<void>;
};

export async function startInboxReceiver(
  publicUrl?: (address: string) => string,
  env: Record<string, string> = {},
): Promise<InboxReceiver> {
  const [port, inboxPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'inbox-e2e-'));
  const address = `127.0.0.1:${inboxPort}`;
  const url = publicUrl?.(address) ?? `http://localhost:${inboxPort}/gestion/`;
  const receiver = await spawnReceiver(
    {
      PORT: String(port),
      QUOTE_INBOX_PORT: String(inboxPort),
      QUOTE_INBOX_URL: url,
      HOST: '127.0.0.1',
      QUOTE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    'the inbox to answer',
    () =>
      fetch(`http://${address}/gestion/connexion`).then(
        (response) => response.status === 200,
        () => false,
      ),
  );
  return {
    url,
    address,
    publicOrigin: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      await stopProcess(receiver.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `npm run receiver:user -- ARGS…` on the receiver's data folder: the enrolment link it prints. The tool's own
 * function, the one the command runs (receiver/bin/user.ts), called in this process: a second Node process
 * with tsx cost seconds of CPU for each call. The command's process itself (its arguments, streams and exit
 * code) is tested by receiver/test/tools.test.ts, the tool itself by receiver/test/inbox-auth-user.test.ts.
 */
export async function userTool(inbox: InboxReceiver, args: string[]): Promise<string> {
  const run = { stdout: '', stderr: '' };
  const code = await userMain(args, {
    env: { ...process.env, QUOTE_DATA_DIR: inbox.dataDir, QUOTE_INBOX_URL: inbox.url },
    stdout: { write: (text: string) => (run.stdout += text) },
    stderr: { write: (text: string) => (run.stderr += text) },
  });
  if (code !== 0) throw new Error(`receiver:user ${args[0]} failed (${code}):\n${run.stderr}`);
  const link = run.stdout.split('\n').find((line) => line.startsWith(inbox.url));
  if (!link) throw new Error(`no link printed:\n${run.stdout}`);
  return link;
}

/** `npm run receiver:user -- add NAME EMAIL`: the link it prints. */
export function addMember(inbox: InboxReceiver, name: string, email: string): Promise<string> {
  return userTool(inbox, ['add', name, email]);
}
