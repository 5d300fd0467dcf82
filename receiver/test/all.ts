import { receiverFilesTogether } from './suite';

/** The receiver's tests but the publication's (receiver/test/suite.ts), six files at a time. */
receiverFilesTogether(6, false);
