import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { schemaController } from '../src/schema-compilers';

/**
 * Two Fastify instances built with the receiver's schema controller (as production builds the public listener
 * and the inbox, and the tests hundreds of receivers): a route's response schema is compiled once for the
 * process, and each instance still serializes by its schema (extra fields dropped, types kept).
 */
const answer = Type.Object({ reference: Type.String(), count: Type.Integer() });

async function instanceServing(schema: typeof answer) {
  const app = Fastify({ schemaController });
  let serializer: unknown;
  app.get('/', { schema: { response: { 200: schema } } }, async (_request, reply) => {
    serializer = reply.getSerializationFunction('200');
    return { reference: 'AZ-1', count: 2, secret: 'not in the schema' };
  });
  const response = await app.inject({ url: '/' });
  await app.close();
  return { body: response.json() as unknown, serializer };
}

test('a response schema is compiled once for every instance, and serializes by its schema', async () => {
  const first = await instanceServing(answer);
  const second = await instanceServing(answer);
  assert.deepEqual(first.body, { reference: 'AZ-1', count: 2 });
  assert.deepEqual(second.body, { reference: 'AZ-1', count: 2 });
  assert.equal(typeof first.serializer, 'function');
  assert.equal(second.serializer, first.serializer, 'the second instance reuses the compiled serializer');

  const other = await instanceServing(Type.Object({ reference: Type.String(), count: Type.Integer() }));
  assert.notEqual(other.serializer, first.serializer, 'another schema object gets its own');
});
