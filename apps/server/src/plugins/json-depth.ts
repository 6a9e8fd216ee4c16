import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Deepest nesting of objects and arrays any JSON we accept may have. Real requests nest a
 * handful of levels; a document nested thousands deep is an attack on whatever walks it
 * recursively later (JSON.stringify, a validator, a logger), which overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, found by one scan of
 * its characters (brackets inside strings, escaped quotes included, do not count), so it
 * cannot overflow the stack however deep the text goes. Runs before JSON.parse; text that
 * is not JSON at all is left for JSON.parse to refuse.
 */
export function exceedsJsonDepth(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    if (isInString) {
      if (character === BACKSLASH) index += 1;
      else if (character === QUOTE) isInString = false;
    } else if (character === QUOTE) {
      isInString = true;
    } else if (character === OPEN_BRACE || character === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (character === CLOSE_BRACE || character === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** The error for JSON nested too deeply: 400, naming the part or field when there is one. */
export function jsonTooDeepError(path?: string, maxDepth: number = MAX_JSON_DEPTH): AppError {
  const message = `JSON may nest objects and arrays at most ${maxDepth} levels deep.`;
  return new AppError('VALIDATION_FAILED', {
    message,
    ...(path === undefined ? {} : { details: [{ path, message }] }),
  });
}

/**
 * Throws a 400 (VALIDATION_FAILED, with `path` in the details when given) when `text` nests
 * deeper than `maxDepth`; call it on JSON text before JSON.parse, e.g.
 * `assertJsonDepth(text, 'metadata')`.
 */
export function assertJsonDepth(
  text: string,
  path?: string,
  maxDepth: number = MAX_JSON_DEPTH,
): void {
  if (exceedsJsonDepth(text, maxDepth)) throw jsonTooDeepError(path, maxDepth);
}

/**
 * Replaces Fastify's JSON body parser with the same parser behind a nesting limit: JSON.parse
 * itself copes with deep text, but every later walk of the value (validation, serialising it
 * into a job payload or a log line) would not. Same body limit, same empty-body and
 * prototype-poisoning errors as before; register it before any route.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs: 'string' hands over a string; the type allows a Buffer too.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (exceedsJsonDepth(text)) {
      done(jsonTooDeepError(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
