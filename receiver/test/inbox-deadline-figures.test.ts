import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, test } from 'node:test';
import Fastify from 'fastify';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { attribute, elementsByTag, parseHtml, rawText, type HtmlElement } from '../../scripts/html';
import { locationOptions, NBSP, NNBSP, serviceTypeOptions } from '../src/facts';
import { figuresOf, median, type FigureRequest, type MonthFigures } from '../src/inbox/figures';
import figuresRoute from '../src/inbox/figures-route';
import { href, INBOX_PREFIX } from '../src/inbox/paths';
import { declareSignedIn, setSignedIn } from '../src/inbox/signed-in';
import { FiguresPage, formatCount, formatDuration, formatShare, monthLabel } from '../src/inbox/ui/figures-page';
import { openDb } from '../src/store/db';
import { insertWithMails, removeDir, tempDir } from './helpers';

/**
 * « Chiffres »: the figures from rows (pure), the page's markup read with an HTML parser, and the route on a
 * real store. Expected figures are counted by hand from the rows below.
 */

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanup.length > 0) await cleanup.pop()?.();
});

const [s1, s2] = serviceTypeOptions.map((option) => option.value) as [string, string];
const [l1, l2, l3] = locationOptions.map((option) => option.value) as [string, string, string];

function request(id: number, fields: Partial<FigureRequest>): FigureRequest {
  return {
    id,
    createdAt: '2026-11-02T09:00:00.000Z',
    serviceType: s1,
    location: l1,
    spam: false,
    status: 'nouvelle',
    deadlineAt: null,
    calledBackAt: null,
    ...fields,
  };
}

const rows: FigureRequest[] = [
  // Called back after 2 h, on time.
  request(1, {
    status: 'rappelee',
    deadlineAt: '2026-11-03T09:00:00Z',
    calledBackAt: '2026-11-02T11:00:00Z',
  }),
  // Called back after 26 h, past its deadline; a quote sent.
  request(2, {
    createdAt: '2026-11-03T10:00:00Z',
    location: l2,
    status: 'devis_envoye',
    deadlineAt: '2026-11-04T10:00:00Z',
    calledBackAt: '2026-11-04T12:00:00Z',
  }),
  // Called back after 30 min, accepted (a quote, though no « Devis envoyé » was recorded).
  request(3, {
    createdAt: '2026-11-10T10:00:00Z',
    serviceType: s2,
    status: 'acceptee',
    deadlineAt: '2026-11-11T10:00:00Z',
    calledBackAt: '2026-11-10T10:30:00Z',
  }),
  // Never marked called back, its deadline passed; « Sans suite » after a quote (in its history).
  request(4, {
    createdAt: '2026-11-20T10:00:00Z',
    serviceType: s2,
    status: 'sans_suite',
    deadlineAt: '2026-11-23T10:00:00Z',
  }),
  // Its deadline is still ahead: not counted for the promise yet.
  request(5, { createdAt: '2026-11-25T10:00:00Z', deadlineAt: '2026-11-26T10:00:00Z' }),
  // Spam, and a request the team marked « Indésirable »: not counted.
  request(6, { createdAt: '2026-11-05T10:00:00Z', spam: true }),
  request(7, { createdAt: '2026-11-06T10:00:00Z', status: 'indesirable' }),
  // 31 October at 23 h 30 UTC is 1 November at 0 h 30 in Paris: November. Called back after 32 h 30, on time; refused.
  request(8, {
    createdAt: '2026-10-31T23:30:00Z',
    location: l3,
    status: 'refusee',
    deadlineAt: '2026-11-03T08:00:00Z',
    calledBackAt: '2026-11-02T08:00:00Z',
  }),
  // October: called back after an hour, on time; refused.
  request(9, {
    createdAt: '2026-10-15T08:00:00Z',
    serviceType: s2,
    location: l2,
    status: 'refusee',
    deadlineAt: '2026-10-16T08:00:00Z',
    calledBackAt: '2026-10-15T09:00:00Z',
  }),
];
const changes = [
  { requestId: 4, status: 'rappelee' },
  { requestId: 4, status: 'devis_envoye' },
  { requestId: 4, status: 'sans_suite' },
];
const now = new Date('2026-11-25T12:00:00Z');

const label = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label;

describe('the figures (pure)', () => {
  test('per month of receipt, newest first: received by service and town, the promise, the call back, the quotes', () => {
    const figures = figuresOf(rows, changes, now);
    assert.deepEqual(figures, [
      {
        month: '2026-11',
        received: 6,
        byService: [
          { value: s1, label: label(serviceTypeOptions, s1), count: 4 },
          { value: s2, label: label(serviceTypeOptions, s2), count: 2 },
        ],
        byTown: [
          { value: l1, label: label(locationOptions, l1), count: 4 },
          { value: l2, label: label(locationOptions, l2), count: 1 },
          { value: l3, label: label(locationOptions, l3), count: 1 },
        ],
        due: 5,
        onTime: 3,
        onTimeShare: 0.6,
        // 30, 120, 1560 and 1950 minutes.
        medianCallBackMinutes: 840,
        quotesSent: 4,
        accepted: 1,
        refused: 1,
      },
      {
        month: '2026-10',
        received: 1,
        byService: [{ value: s2, label: label(serviceTypeOptions, s2), count: 1 }],
        byTown: [{ value: l2, label: label(locationOptions, l2), count: 1 }],
        due: 1,
        onTime: 1,
        onTimeShare: 1,
        medianCallBackMinutes: 60,
        quotesSent: 1,
        accepted: 0,
        refused: 1,
      },
    ]);
  });

  test('nothing due yet, nobody called back: no share and no median rather than a zero', () => {
    const [month] = figuresOf([request(1, { deadlineAt: '2026-11-26T10:00:00Z' })], [], now);
    assert.equal(month?.onTimeShare, null);
    assert.equal(month?.medianCallBackMinutes, null);
    assert.deepEqual(figuresOf([], [], now), []);
  });

  test('the median of an odd and an even count', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 10]), 3.5);
    assert.equal(median([]), null);
  });
});

describe('the page', () => {
  test('numbers, shares and durations written the French way', () => {
    assert.equal(formatCount(12345), `12${NNBSP}345`);
    assert.equal(formatCount(7), '7');
    assert.equal(formatShare(0.6), `60${NBSP}%`);
    assert.equal(formatShare(2 / 3), `67${NBSP}%`);
    assert.equal(formatDuration(30), `30${NBSP}min`);
    assert.equal(formatDuration(840), `14${NBSP}h`);
    assert.equal(formatDuration(185), `3${NBSP}h${NBSP}05`);
    assert.equal(formatDuration(3000), `2,1${NBSP}jours`);
    assert.equal(monthLabel('2026-11'), 'novembre 2026');
  });

  const november: MonthFigures = {
    month: '2026-11',
    received: 12345,
    byService: [{ value: s1, label: 'Maintenance', count: 12000 }],
    byTown: [{ value: l1, label: 'Antibes', count: 345 }],
    due: 5,
    onTime: 3,
    onTimeShare: 0.6,
    medianCallBackMinutes: 840,
    quotesSent: 4,
    accepted: 1,
    refused: 2,
  };
  const october: MonthFigures = {
    ...november,
    month: '2026-10',
    received: 1,
    onTimeShare: null,
    due: 0,
    onTime: 0,
    medianCallBackMinutes: null,
  };

  const cells = (row: HtmlElement) =>
    row.children.filter((node): node is HtmlElement => node.type === 'tag').map((cell) => rawText(cell));

  test('one table of the months, with a caption and headers, then each month by service and by town', () => {
    const document = parseHtml(renderToStaticMarkup(createElement(FiguresPage, { figures: [november, october] })));
    const tables = elementsByTag(document, 'table');
    assert.deepEqual(
      tables.map((table) => rawText(elementsByTag(table, 'caption')[0] as HtmlElement)),
      [
        'Demandes par mois',
        'Demandes de novembre 2026 par prestation',
        'Demandes de novembre 2026 par lieu d’intervention',
        'Demandes d’octobre 2026 par prestation',
        'Demandes d’octobre 2026 par lieu d’intervention',
      ],
    );
    const [months] = tables as [HtmlElement];
    for (const header of elementsByTag(months, 'th'))
      assert.ok(['col', 'row'].includes(attribute(header, 'scope') ?? ''));
    const bodyRows = elementsByTag(elementsByTag(months, 'tbody')[0] as HtmlElement, 'tr');
    assert.deepEqual(cells(bodyRows[0] as HtmlElement), [
      'novembre 2026',
      `12${NNBSP}345`,
      `60${NBSP}% (3 sur 5)`,
      `14${NBSP}h`,
      '4',
      '1',
      '2',
    ]);
    assert.deepEqual(cells(bodyRows[1] as HtmlElement), [
      'octobre 2026',
      '1',
      'aucune échéance passée',
      'aucun rappel',
      '4',
      '1',
      '2',
    ]);
    const byService = elementsByTag(tables[1] as HtmlElement, 'tr').map(cells);
    assert.deepEqual(byService, [
      ['Prestation', 'Demandes'],
      ['Maintenance', `12${NNBSP}000`],
    ]);
    const headings = elementsByTag(document, 'h2').map((heading) => rawText(heading));
    assert.deepEqual(headings, [`Novembre 2026${NBSP}: 12${NNBSP}345 demandes`, `Octobre 2026${NBSP}: 1 demande`]);
  });

  test('without any request, a sentence instead of empty tables', () => {
    const document = parseHtml(renderToStaticMarkup(createElement(FiguresPage, { figures: [] })));
    assert.equal(elementsByTag(document, 'table').length, 0);
    assert.match(rawText(document), /^Aucune demande reçue/);
  });
});

describe('the route', () => {
  test('GET « Chiffres » reads the store and answers the page', async () => {
    const dataDir = await tempDir();
    const db = await openDb(dataDir, 1000);
    const app = Fastify();
    // The route as the inbox registers it: under the prefix, in a scope whose guard set the member.
    await app.register(
      async (scope) => {
        declareSignedIn(scope);
        scope.addHook('onRequest', async (request) => {
          const member = { id: 1, name: 'Léa Roux', email: 'lea@exemple.fr' };
          setSignedIn(request, { member, csrfToken: 'jeton', sessionCookie: 'session' });
        });
        await scope.register(figuresRoute, { db, now: () => now });
      },
      { prefix: INBOX_PREFIX },
    );
    cleanup.push(async () => {
      await app.close();
      db.close();
      await removeDir(dataDir);
    });
    for (const [index, createdAt] of ['2026-10-15T08:00:00.000Z', '2026-11-02T09:00:00.000Z'].entries()) {
      await insertWithMails(
        db,
        {
          reference: `D-20261102-FIG00${index}`,
          requestId: randomUUID(),
          createdAt,
          spam: false,
          firstName: 'Élodie',
          lastName: 'Martin',
          email: 'e@exemple.fr',
          emailKey: 'e@exemple.fr',
          phone: '06 12 34 56 78',
          serviceType: s1,
          location: l1,
          description: 'Texte',
          file: undefined,
          contentSha256: null,
        },
        0,
      );
    }
    const response = await app.inject({ method: 'GET', url: href.figures });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
    const document = parseHtml(response.body);
    assert.equal(rawText(elementsByTag(document, 'h1')[0] as HtmlElement), 'Chiffres');
    assert.equal(attribute(elementsByTag(document, 'html')[0] as HtmlElement, 'lang'), 'fr');
    const monthCells = elementsByTag(elementsByTag(document, 'tbody')[0] as HtmlElement, 'th').map((cell) =>
      rawText(cell),
    );
    assert.deepEqual(monthCells, ['novembre 2026', 'octobre 2026']);
  });
});
