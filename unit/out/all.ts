import { testFilesTogether } from '../../scripts/test-together';

/** `npm run test:out`: every unit/out/*.test.ts in one process, two files at a time (scripts/test-together.ts). */
testFilesTogether(new URL('./', import.meta.url), 2);
