import { receiverFilesTogether } from './suite';

/** The publication's tests (receiver/test/suite.ts), in a process of their own, four files at a time. */
receiverFilesTogether(4, true);
