import closeWithGrace from 'close-with-grace';
import { startReceiver } from './app';
import { ConfigError, loadConfig } from './config';
import { StartError } from './store/lock';

/**
 * The receiver's process (main.ts loads it): reads the environment, starts, and stops cleanly
 * (close-with-grace) on SIGTERM / SIGINT, and on an unhandled rejection or an uncaught exception, which are
 * logged first and end with exit code 1. A stop that takes longer than CLOSE_DELAY_MS ends the process anyway.
 */
const CLOSE_DELAY_MS = 10_000;

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

const log = receiver.app.log;
closeWithGrace(
  {
    delay: CLOSE_DELAY_MS,
    logger: { error: (message: unknown) => log.error({ detail: String(message) }, 'stopping: close-with-grace') },
  },
  async ({ signal, err }) => {
    if (err) log.error({ err }, 'stopping after an unhandled error');
    else log.info({ signal }, 'stopping');
    await receiver.close();
  },
);
