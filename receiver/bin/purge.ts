import { runAsCommand } from '../src/tools/command';
import { main } from '../src/tools/purge';

/** `npm run receiver:purge`: the tool in src/tools/purge.ts, run on this process's arguments, environment and streams. */
await runAsCommand(main);
