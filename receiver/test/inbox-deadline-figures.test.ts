import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, test } from 'node:test';
import Fastify from 'fastify';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { attribute, elementsByTag, parseHtml, rawText, type HtmlElement } from '../../scripts/html';
import { devisTerms, isoDay, locationOptions, NBSP, NNBSP, serviceTypeOptions } from '../src/facts';
import {
  expiringThisWeek,
  figuresOf,
  median,
  type FigureDevis,
  type FigureRequest,
  type MonthFigures,
} from '../src/inbox/figures';
import figuresRoute from '../src/inbox/figures-route';
import { href, INBOX_PREFIX } from '../src/inbox/paths';
import { declareSignedIn, setSignedIn } from '../src/inbox/signed-in';
import { FiguresPage, formatCount, formatDuration, formatShare, monthLabel } from '../src/inbox/ui/figures-page';
import { openDb } from '../src/store/db';
import { recordEvent } from '../src/store/devis-events';
import { createDevis } from '../src/store/devis-queries';
import { sendDevis } from '../src/store/devis-sending';
import { formatCents } from '../src/requests/devis/money';
import { removeDir, storeDir } from './helpers';
import { sampleDraft, insertWithMails } from './factories';

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
        // Quotes: 2 (devis_envoye), 3 (acceptee), 4 (its history), 8 (refusee).
        byService: [
          { value: s1, label: label(serviceTypeOptions, s1), count: 4, quotesSent: 2, accepted: 0 },
          { value: s2, label: label(serviceTypeOptions, s2), count: 2, quotesSent: 2, accepted: 1 },
        ],
        byTown: [
          { value: l1, label: label(locationOptions, l1), count: 4, quotesSent: 2, accepted: 1 },
          { value: l2, label: label(locationOptions, l2), count: 1, quotesSent: 1, accepted: 0 },
          { value: l3, label: label(locationOptions, l3), count: 1, quotesSent: 1, accepted: 0 },
        ],
        due: 5,
        onTime: 3,
        onTimeShare: 0.6,
        // 30, 120, 1560 and 1950 minutes.
        medianCallBackMinutes: 840,
        quotesSent: 4,
        accepted: 1,
        refused: 1,
        opened: 0,
        withdrawn: 0,
        acceptedHtCents: 0,
        medianDaysToDevis: null,
        medianDaysToAnswer: null,
        refusalReasons: [],
      },
      {
        month: '2026-10',
        received: 1,
        byService: [{ value: s2, label: label(serviceTypeOptions, s2), count: 1, quotesSent: 1, accepted: 0 }],
        byTown: [{ value: l2, label: label(locationOptions, l2), count: 1, quotesSent: 1, accepted: 0 }],
        due: 1,
        onTime: 1,
        onTimeShare: 1,
        medianCallBackMinutes: 60,
        quotesSent: 1,
        accepted: 0,
        refused: 1,
        opened: 0,
        withdrawn: 0,
        acceptedHtCents: 0,
        medianDaysToDevis: null,
        medianDaysToAnswer: null,
        refusalReasons: [],
      },
    ]);
  });

  test('nothing due yet, nobody called back: no share and no median rather than a zero', () => {
    const [month] = figuresOf([request(1, { deadlineAt: '2026-11-26T10:00:00Z' })], [], now);
    assert.equal(month?.onTimeShare, null);
    assert.equal(month?.medianCallBackMinutes, null);
    assert.deepEqual(figuresOf([], [], now), []);
  });

  test('the devis made in the inbox, followed to the answer: opened, accepted, withdrawn, amounts, working days, reasons', () => {
    const devis = (fields: Partial<FigureDevis>): FigureDevis => ({
      number: 'DEV-2026-0001',
      status: 'envoye',
      sentAt: '2026-12-09T09:00:00Z',
      openedAt: null,
      answeredAt: null,
      htCents: 0,
      refusalReason: null,
      validUntil: '2027-01-08',
      ...fields,
    });
    const december = [
      // Received Monday 7, devis Wednesday 9 (2 working days), accepted Friday 11 (2): 1 500 € HT.
      request(10, {
        createdAt: '2026-12-07T09:00:00Z',
        status: 'acceptee',
        devis: devis({
          status: 'accepte',
          openedAt: '2026-12-09T12:00:00Z',
          answeredAt: '2026-12-11T09:00:00Z',
          htCents: 150_000,
        }),
      }),
      // Received and sent on Tuesday 8 (0), refused Monday 14 (4), with a reason.
      request(11, {
        createdAt: '2026-12-08T08:00:00Z',
        serviceType: s2,
        status: 'refusee',
        devis: devis({
          status: 'refuse',
          sentAt: '2026-12-08T15:00:00Z',
          openedAt: '2026-12-08T16:00:00Z',
          answeredAt: '2026-12-14T09:00:00Z',
          refusalReason: 'Trop cher pour nous',
        }),
      }),
      // Received Wednesday 9, sent Thursday 10 (1), accepted Friday 11 (1), then withdrawn: not in the amount.
      request(12, {
        createdAt: '2026-12-09T09:00:00Z',
        status: 'acceptee',
        devis: devis({
          status: 'retracte',
          sentAt: '2026-12-10T09:00:00Z',
          openedAt: '2026-12-10T10:00:00Z',
          answeredAt: '2026-12-11T10:00:00Z',
          htCents: 50_000,
        }),
      }),
      // Received Thursday 10, sent Tuesday 15 (3: Friday, Monday, Tuesday), not opened yet.
      request(13, { createdAt: '2026-12-10T09:00:00Z', devis: devis({ sentAt: '2026-12-15T09:00:00Z' }) }),
    ];
    const [month] = figuresOf(december, [], new Date('2026-12-16T12:00:00Z'));
    assert.deepEqual(
      {
        quotesSent: month?.quotesSent,
        opened: month?.opened,
        accepted: month?.accepted,
        refused: month?.refused,
        withdrawn: month?.withdrawn,
        acceptedHtCents: month?.acceptedHtCents,
        medianDaysToDevis: month?.medianDaysToDevis,
        medianDaysToAnswer: month?.medianDaysToAnswer,
        refusalReasons: month?.refusalReasons,
      },
      {
        quotesSent: 4,
        opened: 3,
        accepted: 2,
        refused: 1,
        withdrawn: 1,
        acceptedHtCents: 150_000,
        // 0, 1, 2 and 3 working days; 1, 2 and 4.
        medianDaysToDevis: 1.5,
        medianDaysToAnswer: 2,
        refusalReasons: ['Trop cher pour nous'],
      },
    );
    assert.deepEqual(month?.byService, [
      { value: s1, label: label(serviceTypeOptions, s1), count: 3, quotesSent: 3, accepted: 2 },
      { value: s2, label: label(serviceTypeOptions, s2), count: 1, quotesSent: 1, accepted: 0 },
    ]);
  });

  test('the devis awaiting an answer that expire within the week (Paris days), soonest first', () => {
    const awaiting = (id: number, status: FigureDevis['status'], validUntil: string) =>
      request(id, {
        devis: {
          number: `DEV-2026-000${id}`,
          status,
          sentAt: '2026-11-20T09:00:00Z',
          openedAt: null,
          answeredAt: null,
          htCents: 0,
          refusalReason: null,
          validUntil,
        },
      });
    // Wednesday 16 December 2026 at 23 h 30 in Paris: the week runs to Tuesday 22 included.
    const now = new Date('2026-12-16T22:30:00Z');
    const rows = [
      awaiting(1, 'vu', '2026-12-22'),
      awaiting(2, 'envoye', '2026-12-16'),
      awaiting(3, 'envoye', '2026-12-23'),
      awaiting(4, 'envoye', '2026-12-15'),
      awaiting(5, 'accepte', '2026-12-18'),
      awaiting(6, 'refuse', '2026-12-18'),
    ];
    assert.deepEqual(expiringThisWeek(rows, now), [
      { number: 'DEV-2026-0002', validUntil: '2026-12-16' },
      { number: 'DEV-2026-0001', validUntil: '2026-12-22' },
    ]);
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
    byService: [{ value: s1, label: 'Maintenance', count: 12000, quotesSent: 40, accepted: 12 }],
    byTown: [{ value: l1, label: 'Antibes', count: 345, quotesSent: 4, accepted: 1 }],
    due: 5,
    onTime: 3,
    onTimeShare: 0.6,
    medianCallBackMinutes: 840,
    quotesSent: 4,
    opened: 3,
    accepted: 1,
    refused: 2,
    withdrawn: 1,
    acceptedHtCents: 12_345_678,
    medianDaysToDevis: 1.5,
    medianDaysToAnswer: 2,
    refusalReasons: ['Trop cher', 'Délai trop long'],
  };
  const october: MonthFigures = {
    ...november,
    month: '2026-10',
    received: 1,
    onTimeShare: null,
    due: 0,
    onTime: 0,
    medianCallBackMinutes: null,
    medianDaysToDevis: null,
    medianDaysToAnswer: null,
    refusalReasons: [],
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
      '3',
      '1',
      '2',
      '1',
      `123${NNBSP}456,78${NBSP}€`,
      `1,5${NBSP}jour ouvré`,
      `2${NBSP}jours ouvrés`,
    ]);
    assert.deepEqual(cells(bodyRows[1] as HtmlElement), [
      'octobre 2026',
      '1',
      'aucune échéance passée',
      'aucun rappel',
      '4',
      '3',
      '1',
      '2',
      '1',
      `123${NNBSP}456,78${NBSP}€`,
      'aucun devis',
      'aucune réponse',
    ]);
    const byService = elementsByTag(tables[1] as HtmlElement, 'tr').map(cells);
    assert.deepEqual(byService, [
      ['Prestation', 'Demandes', 'Devis envoyés', 'Acceptés'],
      ['Maintenance', `12${NNBSP}000`, '40', '12'],
    ]);
    // The reasons clients gave for a refusal, under their month.
    assert.deepEqual(
      elementsByTag(document, 'h3').map((heading) => rawText(heading)),
      ['Motifs de refus donnés par les clients'],
    );
    assert.match(rawText(document), /Trop cher.*Délai trop long/s);
    const headings = elementsByTag(document, 'h2').map((heading) => rawText(heading));
    // The latest month's key figures lead, then each month's own section.
    assert.deepEqual(headings, [
      'L’essentiel de novembre 2026',
      `Novembre 2026${NBSP}: 12${NNBSP}345 demandes`,
      `Octobre 2026${NBSP}: 1 demande`,
    ]);
    const essentials = elementsByTag(document, 'dl')[0] as HtmlElement;
    assert.ok(elementsByTag(document, 'section').indexOf(essentials.parent as HtmlElement) === 0, 'before the tables');
    assert.match(rawText(essentials), /Rappelées dans le délai/);
  });

  test('without any request, a sentence instead of empty tables', () => {
    const document = parseHtml(renderToStaticMarkup(createElement(FiguresPage, { figures: [] })));
    assert.equal(elementsByTag(document, 'table').length, 0);
    assert.match(rawText(document), /^Aucune demande reçue/);
  });
});

describe('the route', () => {
  test('GET « Chiffres » reads the store and answers the page', async () => {
    const dataDir = await storeDir();
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
        await scope.register(figuresRoute, { config: { site: undefined }, db, now: () => now });
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
    // November's request gets a devis in the inbox (sampleDraft), sent, opened and accepted; October's, a devis
    // still awaiting an answer that expires within the week.
    const novemberId = Number(
      (await db.execute("SELECT id FROM requests WHERE reference = 'D-20261102-FIG001'")).rows[0]?.id,
    );
    const accepted = await createDevis(db, novemberId, sampleDraft(), new Date('2026-11-02T10:00:00Z'));
    const sent = await sendDevis(db, accepted, new Date('2026-11-03T10:00:00Z'));
    for (const [kind, at] of [
      ['opened', '2026-11-03T12:00:00Z'],
      ['accepted', '2026-11-05T12:00:00Z'],
    ] as const) {
      assert.ok(await recordEvent(db, { devisId: accepted, version: sent.version, kind, at: new Date(at) }));
    }
    const octoberId = Number(
      (await db.execute("SELECT id FROM requests WHERE reference = 'D-20261102-FIG000'")).rows[0]?.id,
    );
    const awaiting = await createDevis(db, octoberId, sampleDraft(), new Date('2026-11-02T10:00:00Z'));
    const awaitingSent = await sendDevis(
      db,
      awaiting,
      new Date(Date.parse(`${isoDay(now)}T10:00:00Z`) - (devisTerms.validityDays - 2) * 86_400_000),
    );
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
    const november = elementsByTag(elementsByTag(document, 'tbody')[0] as HtmlElement, 'tr')[0] as HtmlElement;
    const cellsOf = (row: HtmlElement) =>
      row.children.filter((node): node is HtmlElement => node.type === 'tag').map((cell) => rawText(cell));
    // Devis sent, opened, accepted (its request « Acceptée »), the amount HT, 1 and 2 working days.
    assert.deepEqual(cellsOf(november).slice(4), [
      '1',
      '1',
      '1',
      '0',
      '0',
      formatCents(sent.content.totals.htCents),
      `1${NBSP}jour ouvré`,
      `2${NBSP}jours ouvrés`,
    ]);
    assert.match(rawText(document), new RegExp(`${awaitingSent.number}, valable jusqu’au`));
  });
});
