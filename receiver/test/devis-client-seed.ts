import type { DevisLine } from '../src/requests/devis/types';
import { openDb } from '../src/store/db';
import { acceptedDevis, sentDevis } from './factories';

/**
 * Run by e2e/votre-devis.spec.ts beside a running receiver (`node --import tsx receiver/test/devis-client-seed.ts
 * <dataDir> <email>`): a request and its devis, sent as the team's sending does, its PDF stored: signed at the
 * client's home (off premises), at the 10 % rate, so that its form asks the e-mail consent and the VAT
 * certification besides « Bon pour accord ». Prints the client's link (its path). Optionally sent at `sentAt`
 * (ISO) rather than now, with `lines` (JSON, or empty) rather than the sample's (e2e/site-cgv.spec.ts). With
 * `acceptedAt` (ISO), accepted then as the client's code leaves it, and its devis's id printed on a second line
 * (e2e/site-reviews.spec.ts).
 */
async function main(
  dataDir: string | undefined,
  email: string | undefined,
  sentAt?: string,
  lines?: string,
  acceptedAt?: string,
) {
  if (!dataDir || !email) {
    throw new Error('usage: devis-client-seed.ts <dataDir> <email> [sentAt] [lines] [acceptedAt]');
  }
  const db = await openDb(dataDir, 10_000);
  const changes = {
    ...(lines ? { lines: JSON.parse(lines) as DevisLine[] } : {}),
    client: {
      name: 'Camille Durand',
      email,
      phone: '06 39 98 12 34',
      jobAddress: '12 avenue des Pins, 06600 Antibes',
      kind: 'consumer' as const,
    },
    way: 'hors-etablissement' as const,
  };
  const at = sentAt ? new Date(sentAt) : new Date();
  const sent = acceptedAt
    ? await acceptedDevis(db, at, new Date(acceptedAt), changes)
    : await sentDevis(db, at, changes);
  db.close();
  process.stdout.write(acceptedAt ? `${sent.link}\n${sent.devisId}\n` : `${sent.link}\n`);
}

main(process.argv[2], process.argv[3], process.argv[4], process.argv[5], process.argv[6]).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
