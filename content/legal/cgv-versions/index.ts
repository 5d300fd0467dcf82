/** Written by npm run cgv:snapshot: every dated version of the CGV, word for word as published. */
import type { LegalPageContent } from '../types';
import v20261122 from './2026-11-22.json';
import v20261123 from './2026-11-23.json';

export const cgvSnapshots: Readonly<Record<string, LegalPageContent>> = {
  '2026-11-22': v20261122 as LegalPageContent,
  '2026-11-23': v20261123 as LegalPageContent,
};
