import { startPublication } from '../src/publish/engine';
import { Db } from '../src/store/db';
import { phoneFile } from './publish-site';

/**
 * A process that holds a publication, for the restart test (publish-restart.test.ts): it opens the store of
 * PUBLISH_DATA_DIR, starts a publication with the site settings of PUBLISH_SITE (JSON), prints its id, and
 * waits to be killed.
 */
const site = JSON.parse(process.env.PUBLISH_SITE ?? '{}');
const db = await Db.open(process.env.PUBLISH_DATA_DIR ?? '', 5_000);
const started = await startPublication(
  { db, site, fromEmail: 'no-reply@entreprise.test' },
  {
    files: [phoneFile('04 93 77 77 77')],
    author: { memberId: 1, name: 'Claire Martin', email: 'claire@entreprise.test' },
    message: 'Téléphone',
    changes: [],
  },
);
console.log(JSON.stringify({ id: started.id }));
await started.done;
