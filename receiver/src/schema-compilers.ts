import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector, {
  type Options as SerializerOptions,
  type Serializer,
  type SerializerCompiler,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema validation (Ajv through @fastify/ajv-compiler, with its default options), built once
 * for the process instead of once per Fastify instance. Ajv keeps each schema it compiled, keyed by the
 * schema object: the routes' schemas are module constants, so a second instance (the inbox beside the public
 * listener, a receiver started again) finds them compiled. Production builds two instances; the tests build
 * hundreds, where compiling the same schemas again took about a tenth of their time.
 */
const sharedValidators = AjvCompiler();

/**
 * The same for the responses' serializers (fast-json-stringify through @fastify/fast-json-stringify-compiler,
 * Fastify's default): each response schema compiled once for the process, keyed by the schema object, when
 * the instance shares no schema by `$id` (`addSchema`, which the receiver does not use) and sets no
 * serializer option; otherwise compiled as Fastify would. A serializer depends on its schema alone.
 */
const buildSerializers: SerializerFactory = SerializerSelector();
const compiledSerializers = new WeakMap<object, Serializer>();

function sharedSerializers(externalSchemas?: unknown, options?: SerializerOptions): SerializerCompiler {
  const compile = buildSerializers(externalSchemas, options);
  const shareable = Object.keys(externalSchemas ?? {}).length === 0 && Object.keys(options ?? {}).length === 0;
  if (!shareable) return compile;
  return (route) => {
    const { schema } = route;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    const known = compiledSerializers.get(schema);
    if (known) return known;
    const serializer = compile(route);
    compiledSerializers.set(schema, serializer);
    return serializer;
  };
}

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator: sharedValidators, buildSerializer: sharedSerializers },
};
