import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's own schema validation (Ajv through @fastify/ajv-compiler, with its default options), built once
 * for the process instead of once per Fastify instance. Ajv keeps each schema it compiled, keyed by the
 * schema object: the routes' schemas are module constants, so a second instance (the inbox beside the public
 * listener, a receiver started again) finds them compiled. Production builds two instances; the tests build
 * hundreds, where compiling the same schemas again took about a tenth of their time.
 */
const sharedValidators = AjvCompiler();

export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator: sharedValidators },
};
