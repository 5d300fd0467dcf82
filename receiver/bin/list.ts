import { runAsCommand } from '../src/tools/command';
import { main } from '../src/tools/list';

/** `npm run receiver:list`: the tool in src/tools/list.ts, run on this process's arguments, environment and streams. */
await runAsCommand(main);
