import { startReceiver } from './app';
import { ConfigError, loadConfig } from './config';
import { StartError } from './lock';

/** `npm run receiver`: reads the environment, starts, and stops cleanly on SIGTERM / SIGINT. */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration invalide : ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const receiver = await startReceiver(config).catch((error: unknown) => {
  // A StartError is already a French sentence for the owner (another receiver on the folder, a read-only
  // or full disk…); anything else (a taken port…) is printed as it comes.
  if (error instanceof StartError) console.error(`Le récepteur de devis ne démarre pas. ${error.message}`);
  else console.error('Le récepteur de devis n’a pas pu démarrer :', error instanceof Error ? error.message : error);
  process.exit(1);
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    receiver.app.log.info({ signal }, 'stopping');
    receiver.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
