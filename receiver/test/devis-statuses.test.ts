import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { clientState } from '../src/client/state';
import { FIGURE_OF } from '../src/inbox/figures';
import { REMINDERS_OF } from '../src/requests/devis/reminders';
import {
  DEVIS_AWAITING,
  DEVIS_FINAL,
  DEVIS_OPEN_STATUSES,
  DEVIS_STATUS_RULES,
  DEVIS_STATUSES,
  type DevisStatus,
} from '../src/requests/devis/statuses';

/**
 * Every devis status decided in every place that acts on one (docs/devis.md, « Ajouter un statut ou un événement de devis »):
 * the maps are Record<DevisStatus, …>, so tsc refuses a status one of them lacks; this test checks that they
 * stay maps of every status (not a Partial, not a default branch) and that nobody writes the statuses awaiting
 * an answer by hand.
 */

const STATUSES = Object.keys(DEVIS_STATUSES).sort();

describe('every status, in every map', () => {
  test('the rules, the reminders and the figures name each status, and nothing else', () => {
    for (const [name, map] of Object.entries({ DEVIS_STATUS_RULES, REMINDERS_OF, FIGURE_OF })) {
      assert.deepEqual(Object.keys(map).sort(), STATUSES, name);
    }
  });

  test('the lists follow from the rules', () => {
    assert.deepEqual([...DEVIS_AWAITING], ['envoye', 'vu']);
    assert.deepEqual([...DEVIS_OPEN_STATUSES], ['brouillon', 'envoye', 'vu']);
    assert.deepEqual([...DEVIS_FINAL], ['accepte', 'retracte']);
  });

  test('the client’s page: each status its own state; awaiting ones expire after their last valid day', () => {
    const link = (status: DevisStatus) => ({
      version: 1,
      currentVersion: 1,
      replacedBy: null,
      status,
      validUntil: '2026-12-24',
    });
    const within = new Date('2026-12-24T20:00:00Z');
    const after = new Date('2026-12-24T23:30:00Z'); // 25 December in Paris
    const expected: Record<DevisStatus, [string, string]> = {
      brouillon: ['awaiting', 'expired'],
      envoye: ['awaiting', 'expired'],
      vu: ['awaiting', 'expired'],
      accepte: ['accepted', 'accepted'],
      refuse: ['refused', 'refused'],
      expire: ['expired', 'expired'],
      retracte: ['withdrawn', 'withdrawn'],
    };
    for (const status of STATUSES as DevisStatus[]) {
      assert.deepEqual(
        [clientState(link(status), within).kind, clientState(link(status), after).kind],
        expected[status],
        status,
      );
    }
  });
});

describe('no status written by hand', () => {
  test('the statuses awaiting an answer are DEVIS_AWAITING everywhere', () => {
    const root = join(import.meta.dirname, '..', 'src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
      });
    const byHand =
      /[!=]==\s*'(envoye|vu)'|'(envoye|vu)'\s*[!=]==|\[\s*'envoye',\s*'vu'\s*\]|\[\s*'vu',\s*'envoye'\s*\]/;
    const found = files(root)
      .filter((path) => byHand.test(readFileSync(path, 'utf8')))
      .map((path) => relative(root, path));
    assert.deepEqual(found, []);
  });
});
