import { RE2JS } from 're2js';

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
 */

/** Instructions of the compiled pattern: realistic ones (postcodes, customer numbers) use < 100. */
export const MAX_PATTERN_PROGRAM_SIZE = 250;

/** Why a pattern is refused, for the definition's problem list. */
export type PatternRefusal = 'syntax' | 'unsupported' | 'tooComplex';

type Compiled = { pattern: RE2JS } | { refusal: PatternRefusal };

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

function compile(source: string): Compiled {
  if (!isEcmaRegExp(source)) return { refusal: 'syntax' };
  if (hasBackReference(source)) return { refusal: 'unsupported' };
  let pattern: RE2JS;
  try {
    // From the JSON Schema (ECMA-262) dialect to RE2's (`\u00e4`, named groups); anchored: a
    // pattern must match the whole answer.
    pattern = RE2JS.compile(`^(?:${RE2JS.translateRegExp(source)})$`);
  } catch {
    return { refusal: 'unsupported' };
  }
  return programSize(pattern) > MAX_PATTERN_PROGRAM_SIZE ? { refusal: 'tooComplex' } : { pattern };
}

function compiled(source: string): Compiled {
  const known = compiledPatterns.get(source);
  if (known) return known;
  const result = compile(source);
  if (compiledPatterns.size >= MAX_CACHED_PATTERNS) compiledPatterns.clear();
  compiledPatterns.set(source, result);
  return result;
}

/** Why the linear engine will not take `source`; null when it does. */
export function patternRefusal(source: string): PatternRefusal | null {
  const result = compiled(source);
  return 'refusal' in result ? result.refusal : null;
}

/**
 * Whether `text` matches `source` as a whole, in linear time. A pattern the engine refuses
 * matches nothing: a version kept from before the rule cannot be filled out through it.
 */
export function matchesPattern(source: string, text: string): boolean {
  const result = compiled(source);
  return 'pattern' in result && result.pattern.matches(text);
}
