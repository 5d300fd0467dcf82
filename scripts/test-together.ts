import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, type SuiteContext, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * Every `*.test.ts` of one folder in this one process (node's test runner otherwise starts a process per
 * file): `filesAtOnce` files at a time, each file's tests one after the other as when the file runs alone
 * (`node --import tsx --test <folder>/x.test.ts`). Loading tsx and what a file imports costs each process a
 * second or more of CPU, often more than the file's own tests (docs/performance.md, « Historique des mesures
 * des tests »). `keep`, given a file's source, says whether it runs here (a folder split in two processes).
 *
 * What it asks of a test file: nothing process-wide that another file would see while both run (no change to
 * process.env, the working directory, global timers or handlers). Hooks written at a file's top level (before,
 * after) run at the start and end of that file. Used by unit/all.ts, unit/out/all.ts and receiver/test/all*.ts.
 */
export function testFilesTogether(
  folder: URL,
  filesAtOnce: number,
  keep: (source: string) => boolean = () => true,
): void {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts') && keep(readFileSync(new URL(name, folder), 'utf8')))
    .sort();
  describe(path.relative(process.cwd(), fileURLToPath(folder)), { concurrency: filesAtOnce }, () => {
    beforeEach(releaseAfterHooks);
    for (const name of files) {
      describe(name, { concurrency: 1 }, async () => {
        await import(new URL(name, folder).href);
      });
    }
  });
}

const RELEASING = Symbol('after-hooks released once run');

type AfterHook = Parameters<TestContext['after']>[0];

/**
 * node:test keeps every test of the run, with the functions given to its `t.after()`, until the run ends. Such
 * a function holds what its test made (a receiver, its database, its router, its pages): with hundreds of
 * tests in one process, the heap grew to over 400 MB and its garbage collection took a fifth of the
 * receiver suite's CPU (docs/performance.md). Each function given to `t.after()` is let go once it has run.
 */
function releaseAfterHooks(context: TestContext | SuiteContext): void {
  if (!('after' in context)) return;
  const prototype = Object.getPrototypeOf(context) as TestContext & { [RELEASING]?: true };
  if (prototype[RELEASING]) return;
  const after = prototype.after;
  prototype.after = function (this: TestContext, fn, options) {
    let hook: AfterHook | undefined = fn;
    const once: AfterHook = function (this: unknown, ...args) {
      const run = hook;
      hook = undefined;
      return run?.apply(this, args);
    };
    return after.call(this, once, options);
  };
  prototype[RELEASING] = true;
}
