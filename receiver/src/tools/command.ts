import { staleBuildMessage } from '../built-sources';
import type { ToolMain } from './cli';

/**
 * Runs a tool as the command `npm run receiver:NAME` does (receiver/bin/NAME.ts, built into
 * receiver/dist/bin/NAME.mjs): on the process's arguments, environment and streams; the process ends on its
 * own, with the tool's code. A build older than its sources runs nothing (built-sources.ts).
 *
 * Kept out of cli.ts: the browser tests call the tools in their own process, and Playwright loads the
 * receiver's modules with require(), which cannot load built-sources.ts (it reads import.meta).
 */
export async function runAsCommand(main: ToolMain): Promise<void> {
  const stale = staleBuildMessage();
  if (stale !== undefined) {
    process.stderr.write(`${stale}\n`);
    process.exitCode = 1;
    return;
  }
  process.exitCode = await main(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
