/** Written by npm run cgv:snapshot: every dated version of the CGV, word for word as published. */
import type { CgvSnapshot } from '../types';
import v20261125 from './2026-11-25.json';
import v20261126 from './2026-11-26.json';
import v20261128 from './2026-11-28.json';

export const cgvSnapshots: Readonly<Record<string, CgvSnapshot>> = {
  '2026-11-25': v20261125 as CgvSnapshot,
  '2026-11-26': v20261126 as CgvSnapshot,
  '2026-11-28': v20261128 as CgvSnapshot,
};
