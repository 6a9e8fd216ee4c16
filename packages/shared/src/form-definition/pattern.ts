import type { RE2JS } from 're2js';

/**
 * A field's `pattern`, matched by a linear-time engine (RE2, through the pure-JS re2js): the
 * time to check an answer grows with the answer's length times the compiled pattern's size,
 * never exponentially, whatever the pattern nests. A backtracking engine (the native RegExp)
 * never matches what anyone types against a provider's pattern: one crafted answer to
 * `(a|a)*` held the server for over a minute.
 *
 * RE2 has no back-references and no look-around; a pattern that needs them does not compile
 * and is refused at publish. The size of the compiled program is capped too: counted
 * repetitions (`.{0,1000}` five times) compile to thousands of instructions, and a linear
 * engine then still spends milliseconds per kilobyte.
 *
 * The engine (150 KB) is installed, not imported here: the server installs it before anything
 * else (`@kuvert/shared/form-patterns`), the web loads it on demand with the forms that have a
 * pattern, so no first load (login, the public fill-out page) carries it. Until it is there, a
 * pattern is not judged at all (`matchesPattern` answers undefined): never by another engine.
 */

/** Instructions of the compiled pattern: realistic ones (postcodes, customer numbers) use < 100. */
export const MAX_PATTERN_PROGRAM_SIZE = 250;

/** Why a pattern is refused, for the definition's problem list. */
export type PatternRefusal = 'syntax' | 'unsupported' | 'tooComplex';

type Compiled = { pattern: RE2JS } | { refusal: PatternRefusal };

/** What of re2js this module uses. */
export type PatternEngine = Pick<typeof RE2JS, 'compile' | 'translateRegExp'>;

let engine: PatternEngine | undefined;

/** Makes `engine` the one patterns compile with (once, at start or when the web loaded it). */
export function installPatternEngine(installed: PatternEngine): void {
  engine = installed;
  compiledPatterns.clear();
}

/** Whether patterns can be judged yet. */
export function hasPatternEngine(): boolean {
  return engine !== undefined;
}

/** Compiled patterns by source: a form's fields are checked again and again. */
const compiledPatterns = new Map<string, Compiled>();
const MAX_CACHED_PATTERNS = 1_000;

/** A number from an untyped field of re2js's program, when it is one. */
function programSize(pattern: RE2JS): number {
  const prog: unknown = pattern.re2Input.prog;
  if (typeof prog !== 'object' || prog === null || !('inst' in prog)) return Infinity;
  return Array.isArray(prog.inst) ? prog.inst.length : Infinity;
}

/** The JSON Schema (ECMA-262) dialect: valid there at all, as providers' own tools read it. */
function isEcmaRegExp(source: string): boolean {
  try {
    // Compiling a native RegExp is linear in the pattern's length; it is never run.
    return RegExp(source, 'u') instanceof RegExp;
  } catch {
    return false;
  }
}

/**
 * A back-reference (`\1`, `\k<name>`): RE2 has none, and translating the pattern would turn
 * `\k` and `\8` into plain letters and digits, silently meaning something else.
 */
function hasBackReference(source: string): boolean {
  for (let index = 0; index < source.length; index += 1) {
    if (source[index] !== '\\') continue;
    const escaped = source[index + 1] ?? '';
    if (escaped === 'k' || (escaped >= '1' && escaped <= '9')) return true;
    // The escaped character is skipped: `\\k` is a backslash, then a k.
    index += 1;
  }
  return false;
}

function compile(source: string, re2: PatternEngine): Compiled {
  if (!isEcmaRegExp(source)) return { refusal: 'syntax' };
  if (hasBackReference(source)) return { refusal: 'unsupported' };
  let pattern: RE2JS;
  try {
    // From the JSON Schema (ECMA-262) dialect to RE2's (`\u00e4`, named groups); anchored: a
    // pattern must match the whole answer.
    pattern = re2.compile(`^(?:${re2.translateRegExp(source)})$`);
  } catch {
    return { refusal: 'unsupported' };
  }
  return programSize(pattern) > MAX_PATTERN_PROGRAM_SIZE ? { refusal: 'tooComplex' } : { pattern };
}

function compiled(source: string): Compiled | undefined {
  const known = compiledPatterns.get(source);
  if (known) return known;
  if (engine === undefined) return undefined;
  const result = compile(source, engine);
  if (compiledPatterns.size >= MAX_CACHED_PATTERNS) compiledPatterns.clear();
  compiledPatterns.set(source, result);
  return result;
}

/**
 * Why the linear engine will not take `source`; null when it does, or (without the engine)
 * when nothing but the syntax can be judged yet.
 */
export function patternRefusal(source: string): PatternRefusal | null {
  const result = compiled(source);
  if (result === undefined) return isEcmaRegExp(source) ? null : 'syntax';
  return 'refusal' in result ? result.refusal : null;
}

/**
 * Whether `text` matches `source` as a whole, in linear time; undefined before the engine is
 * installed. A pattern the engine refuses matches nothing: a version kept from before the
 * rule cannot be filled out through it.
 */
export function matchesPattern(source: string, text: string): boolean | undefined {
  const result = compiled(source);
  if (result === undefined) return undefined;
  return 'pattern' in result && result.pattern.matches(text);
}
