import { startReceiver } from './app';
import { ConfigError, loadConfig } from './config';

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
  console.error('Le récepteur de devis n’a pas pu démarrer :', error instanceof Error ? error.message : error);
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
