import { execFile, spawn } from 'node:child_process';
import { openSync, closeSync, readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * The commands a publication runs in the checkout (the build, the go-live check, nginx's reload, the deploy):
 * each through `sh -c` under `nice`, in a process group of its own, its output appended to the publication's
 * log. The group is killed whole when the receiver closes; every process of a publication carries its marker in
 * its environment (PUBLICATION_MARKER), so that a start after a crash finds and kills whatever the dead
 * receiver left running, however deep (npm, next, its workers).
 */

export const PUBLICATION_MARKER = 'AZUR_SITE_PUBLICATION';

/** The process groups running now, killed by stopRunningCommands() when the receiver closes. */
const groups = new Set<number>();

export type CommandResult = { code: number | null; signal: NodeJS.Signals | null };

export function runCommand(
  command: string,
  options: { cwd: string; log: string; marker: string; env?: Record<string, string | undefined>; nice?: boolean },
): Promise<CommandResult> {
  const out = openSync(options.log, 'a');
  const env: NodeJS.ProcessEnv = { ...process.env, [PUBLICATION_MARKER]: options.marker };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  // The files it writes are read by nginx, another user: not the receiver's own umask (0077 in its service).
  const script = `umask 022 && ${command}`;
  const [file, args] = options.nice === false ? ['sh', ['-c', script]] : ['nice', ['-n', '10', 'sh', '-c', script]];
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, env, detached: true, stdio: ['ignore', out, out] });
    closeSync(out);
    const group = child.pid;
    if (group !== undefined) groups.add(group);
    child.once('error', (error) => {
      if (group !== undefined) groups.delete(group);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      if (group !== undefined) {
        groups.delete(group);
        // Whatever the command left behind in its group goes with it.
        killGroup(group);
      }
      resolve({ code, signal });
    });
  });
}

function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

/** Kills every command a publication runs now (the receiver closes: none may outlive it). */
export function stopRunningCommands(): void {
  for (const group of groups) killGroup(group);
  groups.clear();
}

/** Kills every process whose environment carries this marker: what a receiver killed mid-build left running. */
export function killMarked(marker: string): number {
  const wanted = `${PUBLICATION_MARKER}=${marker}`;
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (!environ.split('\0').includes(wanted)) continue;
    try {
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // Ended meanwhile.
    }
  }
  return killed;
}

const execFileAsync = promisify(execFile);

/** git in the checkout; its error names the command and git's own words. */
export async function git(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  try {
    const { stdout } = await execFileAsync('git', args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 << 20 });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new GitError(`git ${args[0]}: ${stderr || (error instanceof Error ? error.message : String(error))}`);
  }
}

export class GitError extends Error {}
