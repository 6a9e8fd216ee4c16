import { sql, type RawBuilder } from 'kysely';

/*
 * Accent-tolerant search (the forms catalogue, case files) without a column of its own: the
 * query is folded in JavaScript (lower case, no diacritics, ß → ss) and the column in SQL by
 * the same table, nested `replace`s that both engines run. SQLite's `lower` folds ASCII only,
 * so the table maps capitals too. Letters outside it compare as typed, which is as far as
 * cheap goes.
 */

const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿ';
/** Combining marks, for text stored decomposed (u + ¨ rather than ü). */
const COMBINING = ['\u0300', '\u0301', '\u0302', '\u0303', '\u0308', '\u030a', '\u0327'];

function baseOf(character: string): string {
  if (character === 'ø') return 'o';
  return character.normalize('NFD').replace(/\p{M}/gu, '');
}

const FOLDS: ReadonlyArray<readonly [string, string]> = [
  ...[...ACCENTED].flatMap((character) => {
    const base = baseOf(character);
    const upper = character.toUpperCase();
    return upper === character || upper.length !== 1
      ? [[character, base] as const]
      : [[character, base] as const, [upper, base] as const];
  }),
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ...COMBINING.map((mark) => [mark, ''] as const),
];

/** The query side: what `foldedColumn` makes of the same text. */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/giu, 'o')
    .replace(/ß|ẞ/gu, 'ss')
    .toLowerCase();
}

/** The words of a query, folded; at most eight, so a query stays cheap. */
export function searchWordsOf(query: string | undefined): string[] {
  if (!query) return [];
  return [...new Set(foldSearchText(query).match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** Text in SQL folded like `foldSearchText` folds the query. */
export function foldedSql(text: RawBuilder<string>): RawBuilder<string> {
  let expression = text;
  for (const [from, to] of FOLDS) {
    expression = sql<string>`replace(${expression}, ${sql.lit(from)}, ${sql.lit(to)})`;
  }
  return sql<string>`lower(${expression})`;
}

export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
