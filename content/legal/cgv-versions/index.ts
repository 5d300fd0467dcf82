/** Written by npm run cgv:snapshot: every dated version of the CGV, word for word as published. */
import type { LegalPageContent } from '../types';
import v20261125 from './2026-11-25.json';

export const cgvSnapshots: Readonly<Record<string, LegalPageContent>> = {
  '2026-11-25': v20261125 as LegalPageContent,
};
