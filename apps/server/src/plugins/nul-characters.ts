import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const NUL = '\u0000';

/** The path to the first NUL character in a parsed value (its keys included), if any. */
function pathToNul(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = pathToNul(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses text with a NUL character (U+0000) with a 400 naming where it is. No text Kuvert
 * keeps has a use for it, and PostgreSQL cannot store it in a text column: left alone it
 * fails the query, a 500. `value` is parsed input (JSON nests at most 64 levels deep).
 */
export function assertNoNulCharacters(value: unknown, path: string): void {
  const found = pathToNul(value, [path]);
  if (!found) return;
  const message = 'Text may not contain a NUL character (U+0000).';
  throw new AppError('VALIDATION_FAILED', {
    message,
    details: [{ path: found.join('.'), message }],
  });
}

/** Checks the path parameters, query and parsed body of every request, before validation. */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  // A callback hook: Fastify answers what it throws like any error, without a promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    assertNoNulCharacters(request.params, 'params');
    assertNoNulCharacters(request.query, 'query');
    assertNoNulCharacters(request.body, 'body');
    done();
  });
}
