import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { postForm } from '@/components/forms/post-form';
import { QUOTE_REQUEST_ID_FIELD } from '@/content/quote-settings';
import { terminationForm, type TerminationFieldName } from '@/content/termination';
import { terminationSummaryLines } from '@/content/termination-summary';
import { formatFrenchDay } from '@/lib/format';

/**
 * The site's public forms share their field, state and sending pieces (components/forms/): the request to
 * the endpoint and the reading of its answer, tried here against a real HTTP server; and no form component
 * writes its own request, time limit, id or « is the page interactive » again.
 */

const root = join(import.meta.dirname, '..');

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A local endpoint answering with `handler`, for one test. */
async function endpoint(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/formulaire`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function answer(response: ServerResponse, status: number, body: string, type = 'application/json') {
  response.writeHead(status, { 'content-type': type }).end(body);
}

/** The value of a multipart field in a raw body. */
function fieldIn(body: string, name: string): string | undefined {
  return new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];
}

describe('the forms’ request', () => {
  test('posts the fields with one form id across retries, asks for JSON, and returns the answer', async (t) => {
    const ids: (string | undefined)[] = [];
    const server = await endpoint((request, body, response) => {
      ids.push(fieldIn(body, QUOTE_REQUEST_ID_FIELD));
      assert.equal(request.headers.accept, 'application/json');
      assert.equal(fieldIn(body, 'lastName'), 'Martin');
      answer(response, 201, JSON.stringify({ reference: 'R-1', confirmation: true }));
    });
    t.after(server.close);
    const requestId = { current: null as string | null };
    const data = () => {
      const fields = new FormData();
      fields.set('lastName', 'Martin');
      return fields;
    };
    const first = await postForm(server.url, data(), requestId, new AbortController().signal);
    const second = await postForm(server.url, data(), requestId, new AbortController().signal);
    assert.deepEqual(first, { ok: true, answer: { reference: 'R-1', confirmation: true } });
    assert.deepEqual(second, first);
    assert.match(ids[0] ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(ids[1], ids[0]);
    assert.equal(requestId.current, ids[0]);
  });

  test('reads a refusal’s French sentence and field, and nothing from an answer that is not one', async (t) => {
    const answers: [number, string, string?][] = [
      [400, JSON.stringify({ error: '  Le nom est obligatoire.  ', code: 'required', field: 'lastName' })],
      [409, JSON.stringify({ error: ' ', code: 'replay-mismatch', field: 3 })],
      [500, 'down', 'text/plain'],
      [201, 'pas du JSON', 'text/plain'],
    ];
    const server = await endpoint((_request, _body, response) => {
      const [status, body, type] = answers.shift()!;
      answer(response, status, body, type);
    });
    t.after(server.close);
    const post = () => postForm(server.url, new FormData(), { current: null }, new AbortController().signal);
    assert.deepEqual(await post(), { ok: false, message: 'Le nom est obligatoire.', field: 'lastName' });
    assert.deepEqual(await post(), { ok: false, message: undefined, field: undefined });
    assert.deepEqual(await post(), { ok: false, message: undefined, field: undefined });
    assert.deepEqual(await post(), { ok: true, answer: undefined });
  });

  test('rejects when the request is aborted (the sending then shows its failure)', async (t) => {
    const server = await endpoint(() => {
      // never answers
    });
    t.after(server.close);
    const controller = new AbortController();
    const pending = postForm(server.url, new FormData(), { current: null }, controller.signal);
    controller.abort();
    await assert.rejects(pending);
  });
});

describe('the forms’ components', () => {
  test('write no request, time limit, form id or interactivity check of their own', () => {
    const shared = join(root, 'components', 'forms');
    const sources = readdirSync(join(root, 'components'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(root, 'components', file))
      .filter((file) => !file.startsWith(shared));
    const copies = [/\bfetch\(/, /new AbortController/, /QUOTE_REQUEST_TIMEOUT_MS/, /randomUuid/, /noSubscription/];
    const found = sources.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return copies.filter((pattern) => pattern.test(text)).map((pattern) => `${relative(root, file)}: ${pattern}`);
    });
    assert.deepEqual(found, []);
    assert.ok(sources.some((file) => file.endsWith('termination-form.tsx')));
  });
});

describe('the résiliation’s summary', () => {
  const typed = (values: Partial<Record<TerminationFieldName, string>>) => (name: TerminationFieldName) =>
    values[name] ?? '';
  const base = { lastName: 'Martin', firstName: 'Élodie', email: 'e@exemple.fr', contractReference: 'MC-12' };
  const { summary, contract } = terminationForm;
  const label = (value: string) => contract.type.options.find((option) => option.value === value)?.label;

  test('a maintenance contract: its signature date, a desired date, the reason, the company when given', () => {
    const lines = terminationSummaryLines(
      typed({
        ...base,
        company: 'SARL Martin',
        contractType: 'maintenance',
        contractStart: '2025-03-15',
        desiredDate: '2026-12-31',
        reason: 'Je déménage.',
      }),
      terminationForm,
    );
    assert.deepEqual(lines, [
      ['lastName', 'Martin'],
      ['firstName', 'Élodie'],
      ['company', 'SARL Martin'],
      ['email', 'e@exemple.fr'],
      ['contractType', label('maintenance')],
      ['contractReference', 'MC-12'],
      ['contractStart', formatFrenchDay('2025-03-15')],
      ['desiredDate', formatFrenchDay('2026-12-31')],
      ['reason', 'Je déménage.'],
    ]);
  });

  test('an accepted devis: no signature date, no company, as soon as possible, no reason', () => {
    const lines = terminationSummaryLines(
      typed({ ...base, contractType: 'devis', contractStart: '2025-03-15' }),
      terminationForm,
    );
    assert.deepEqual(
      lines.map(([name]) => name),
      ['lastName', 'firstName', 'email', 'contractType', 'contractReference', 'desiredDate', 'reason'],
    );
    assert.deepEqual(lines.slice(-2), [
      ['desiredDate', summary.asap],
      ['reason', summary.none],
    ]);
    const undated = terminationSummaryLines(typed({ ...base, contractType: 'maintenance' }), terminationForm);
    assert.deepEqual(
      undated.find(([name]) => name === 'contractStart'),
      ['contractStart', summary.none],
    );
  });
});
