import { runAsCommand } from '../src/tools/command';
import { main } from '../src/tools/export';

/** `npm run receiver:export`: the tool in src/tools/export.ts, run on this process's arguments, environment and streams. */
await runAsCommand(main);
