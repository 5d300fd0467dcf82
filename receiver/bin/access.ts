import { runAsCommand } from '../src/tools/command';
import { main } from '../src/tools/access';

/** `npm run receiver:access`: the tool in src/tools/access.ts, run on this process's arguments, environment and streams. */
await runAsCommand(main);
