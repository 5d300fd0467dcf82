import { runAsCommand } from '../src/tools/command';
import { main } from '../src/tools/user';

/** `npm run receiver:user`: the tool in src/tools/user.ts, run on this process's arguments, environment and streams. */
await runAsCommand(main);
