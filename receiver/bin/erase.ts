import { runAsCommand } from '../src/tools/command';
import { main } from '../src/tools/erase';

/** `npm run receiver:erase`: the tool in src/tools/erase.ts, run on this process's arguments, environment and streams. */
await runAsCommand(main);
