import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { QUOTE_MAX_FILE_BYTES, QUOTE_MAX_LENGTHS } from '../facts';
import type { MultipartLimits } from './form-intake';

/**
 * The multipart plugin, whose limits are the quote form's: the forms read their bodies through
 * form-intake.ts (readFormBody), a form with other limits passing its own (the termination's).
 */

/** Multipart limits: a file of at most the stated size, one file, and room for the form's fields only. */
export const MULTIPART_LIMITS: MultipartLimits = {
  fileSize: QUOTE_MAX_FILE_BYTES,
  files: 1,
  fields: 20,
  parts: 21,
  // In bytes: the longest field (description) in 4-byte UTF-8 characters, with some room.
  fieldSize: QUOTE_MAX_LENGTHS.description * 4 + 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

/** @fastify/multipart with the form's limits; it decorates the app with `multipartErrors`. */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  },
  { name: 'multipart' },
);
