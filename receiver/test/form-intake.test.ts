import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import Fastify from 'fastify';
import { formMessages } from '@/content/form-messages';
import { MULTI_LINE, REQUEST_REFUSAL_CODES, refusalSchema, SINGLE_LINE } from '@/content/form-contract';
import type { Config } from '../src/config';
import { errorsPlugin } from '../src/intake/errors';
import {
  addFormRoute,
  checkFields,
  defineForm,
  fieldFaults,
  sharedFormats,
  type FormSpec,
} from '../src/intake/form-intake';
import { readFormBody } from '../src/intake/form-body-reading';
import { multipartPlugin } from '../src/intake/multipart';
import { formAt, PUBLIC_FORMS } from '../src/intake/public-forms';
import { schemaController } from '../src/schema-compilers';
import { build, form, ORIGIN } from './helpers';

/**
 * The public forms' one intake (receiver/src/intake/form-intake.ts): a form that is only a spec, as the
 * next one (the clients' reviews) will be, gets the guards, the body's reading and the refusals every form
 * has, in its own words; and each public form's errors are answered in its words.
 */

const MAX_TEXT = 200;

const reviewSchema = Type.Object({
  firstName: Type.String({ minLength: 1, maxLength: 40, pattern: SINGLE_LINE, format: 'first-name' }),
  text: Type.String({ minLength: 1, maxLength: MAX_TEXT, pattern: MULTI_LINE }),
  requestId: Type.String({ minLength: 1, format: 'request-id' }),
});

const REVIEW_CODES = [
  'required',
  'too-long',
  'line-break',
  'control-character',
  'option',
  'first-name',
  'email',
  'request-id',
  'duplicate-field',
  ...REQUEST_REFUSAL_CODES,
  'server',
] as const;

const reviewMessages = {
  ...formMessages({
    fieldNames: {
      firstName: { name: 'le prénom', feminine: false },
      text: { name: 'le texte de votre avis', feminine: false },
    },
    sending: 'avis',
    from: 'la page « Votre avis » du site',
  }),
  replayMismatch: 'Cet avis a déjà été envoyé avec un autre contenu.',
  bodyTooLarge: 'L’avis est trop long.',
};

const REVIEW_PATH = '/api/avis-test';
const answerSchema = Type.Object({ firstName: Type.String(), text: Type.String() });

const reviewForm = defineForm({
  path: REVIEW_PATH,
  schema: reviewSchema,
  answerSchema,
  refusalSchema: refusalSchema(REVIEW_CODES, ['firstName', 'text', 'requestId']),
  messages: reviewMessages,
  maxLengths: { firstName: 40, text: MAX_TEXT },
  formats: sharedFormats(reviewMessages),
  // Room for the text in 4-byte characters, and no more: a longer value comes truncated.
  limits: {
    files: 1,
    fileSize: 1,
    fields: 10,
    parts: 11,
    fieldSize: MAX_TEXT * 4,
    fieldNameSize: 100,
    headerPairs: 100,
  },
  rateLimitPrefix: 'review:',
});

/** A bare app with the one form: only what the intake and the spec give. */
async function reviewApp(t: TestContext, spec: FormSpec<unknown> = reviewForm) {
  const app = Fastify({ schemaController });
  app.decorate('config', { rateLimit: 0, allowedOrigins: [ORIGIN] } as unknown as Config);
  app.decorateRequest('quoteLog', null);
  await app.register(multipartPlugin);
  await app.register(errorsPlugin);
  await app.register(async (scope) => {
    addFormRoute(scope, spec, async (request, reply) => {
      const fields = new Map<string, string>();
      await readFormBody(spec, request, reply, fields, undefined as never);
      return reply.code(201).send(checkFields(spec, fields));
    });
  });
  await app.ready();
  t.after(() => app.close());
  return app;
}

async function postReview(app: Awaited<ReturnType<typeof reviewApp>>, body: FormData, origin = ORIGIN) {
  const response = await app.inject({ method: 'POST', url: REVIEW_PATH, payload: body, headers: { origin } });
  const answer = JSON.parse(response.body) as Record<string, unknown>;
  if (response.statusCode >= 400) {
    assert.ok(Value.Check(reviewForm.refusalSchema, answer), `a refusal of the form's contract: ${response.body}`);
  }
  return { status: response.statusCode, answer };
}

const valid = () => ({ firstName: 'Élodie', text: 'Très bon travail,\r\nmerci.', requestId: randomUUID() });

describe('a public form that is only a spec', () => {
  test('takes its known fields, trimmed and with LF line ends, and ignores the others', async (t) => {
    const app = await reviewApp(t);
    const fields = valid();
    const { status, answer } = await postReview(app, form({ ...fields, firstName: '  Élodie ', other: 'x' }));
    assert.equal(status, 201);
    assert.deepEqual(answer, { firstName: 'Élodie', text: 'Très bon travail,\nmerci.' });
  });

  const refusals: {
    name: string;
    body: () => FormData;
    status: number;
    code: string;
    field?: string;
    error: string;
  }[] = [
    {
      name: 'a missing field',
      body: () => form({ ...valid(), text: ' ' }),
      status: 400,
      code: 'required',
      field: 'text',
      error: reviewMessages.required('text'),
    },
    {
      name: 'a first name that is not one',
      body: () => form({ ...valid(), firstName: 'http://exemple.fr' }),
      status: 400,
      code: 'first-name',
      field: 'firstName',
      error: reviewMessages.firstName,
    },
    {
      name: 'a control character',
      body: () => form({ ...valid(), text: 'bien\u001b[2J' }),
      status: 400,
      code: 'control-character',
      field: 'text',
      error: reviewMessages.controlCharacter('text'),
    },
    {
      name: 'a text past its length',
      body: () => form({ ...valid(), text: 'a'.repeat(MAX_TEXT + 1) }),
      status: 400,
      code: 'too-long',
      field: 'text',
      error: reviewMessages.tooLong('text', MAX_TEXT),
    },
    {
      name: 'a value past the body’s limit',
      body: () => form({ ...valid(), text: 'a'.repeat(MAX_TEXT * 4 + 1) }),
      status: 400,
      code: 'too-long',
      field: 'text',
      error: reviewMessages.tooLong('text', MAX_TEXT),
    },
    {
      name: 'a field sent twice',
      body: () => {
        const body = form(valid());
        body.append('text', 'encore');
        return body;
      },
      status: 400,
      code: 'duplicate-field',
      field: 'text',
      error: reviewMessages.duplicateField('text'),
    },
    {
      name: 'a file, which the form does not take',
      body: () => form(valid(), [{ name: 'photo.png', data: Buffer.from('x') }]),
      status: 400,
      code: 'malformed',
      error: reviewMessages.malformed,
    },
    {
      name: 'a missing form id',
      body: () => form({ ...valid(), requestId: '' }),
      status: 400,
      code: 'request-id',
      field: 'requestId',
      error: reviewMessages.requestId,
    },
  ];

  for (const refusal of refusals) {
    test(`refuses ${refusal.name} in its own words`, async (t) => {
      const app = await reviewApp(t);
      const { status, answer } = await postReview(app, refusal.body());
      assert.equal(status, refusal.status);
      assert.equal(answer.code, refusal.code);
      assert.equal(answer.field, refusal.field);
      assert.equal(answer.error, refusal.error);
    });
  }

  test('refuses a foreign origin, and a body that is not multipart, in its own words', async (t) => {
    const app = await reviewApp(t);
    const foreign = await postReview(app, form(valid()), 'https://ailleurs.example');
    assert.deepEqual([foreign.status, foreign.answer], [403, { error: reviewMessages.origin, code: 'origin' }]);

    const response = await app.inject({
      method: 'POST',
      url: REVIEW_PATH,
      payload: JSON.stringify(valid()),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
    });
    assert.equal(response.statusCode, 415);
    assert.deepEqual(JSON.parse(response.body), { error: reviewMessages.notMultipart, code: 'not-multipart' });
  });

  test('names every faulty field at once for a page, each with its first fault', () => {
    const raw = new Map(Object.entries({ firstName: 'R2-D2', text: '', requestId: randomUUID() }));
    assert.deepEqual(fieldFaults(reviewForm, raw), {
      firstName: reviewMessages.firstName,
      text: reviewMessages.required('text'),
    });
    assert.deepEqual(fieldFaults(reviewForm, new Map(Object.entries(valid()))), {});
  });
});

describe('the public forms', () => {
  test('each answers its errors in its own words, under its path only', async (t) => {
    const receiver = await build(t);
    assert.ok(PUBLIC_FORMS.length >= 2);
    for (const { spec } of PUBLIC_FORMS) {
      assert.equal(formAt(`${spec.path}?x=1`), spec);
      assert.equal(formAt(`${spec.path}-autre`), undefined);
      const missing = await receiver.app.inject({ method: 'GET', url: `${spec.path}/inconnue` });
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(JSON.parse(missing.body), { error: spec.messages.notFound, code: 'not-found' });
    }
    assert.equal(new Set(PUBLIC_FORMS.map(({ spec }) => spec.messages.notFound)).size, PUBLIC_FORMS.length);
  });
});
