import { sql } from 'kysely';
import {
  spellOutLetters,
  SPELLED_OUT_LETTERS,
  type ParsedQuery,
  type SearchTerm,
} from './search-terms.ts';
import { accountKey, type SearchPosition } from './search-types.ts';

/*
 * What the SQLite indexes of letters and uploads share: FTS5 queries under the account key,
 * and the account-keyed terms each index holds (see migrations 0005 and 0010).
 */

/**
 * Letters that FTS5's tokenizer (Unicode 6.1 tables) takes for separators although
 * JavaScript's \p{L} does not: a query word containing one is several tokens, and each of
 * them needs the account key.
 */
const FTS_SEPARATOR_LETTERS = /[\u19b0-\u19c0\u19c8\u19c9\u1cf2\u1cf3]+/u;

/**
 * A term as an FTS5 phrase of quoted tokens under the account key, never an operator; a
 * prefix term gets FTS5's `*`. All tokens carry the key, so FTS5 reads only the account's
 * words: doclists, prefix expansion and bm25's statistics are the account's.
 */
function ftsPhrase(key: string, term: SearchTerm): string {
  const tokens = term.words
    .flatMap((word) => word.split(FTS_SEPARATOR_LETTERS))
    .filter((token) => token !== '')
    .map((token) => `${key}${spellOutLetters(token)}`);
  return `"${tokens.join(' ')}"${term.isPrefix ? '*' : ''}`;
}

function ftsAnyOf(key: string, terms: SearchTerm[]): string {
  return `(${terms.map((term) => ftsPhrase(key, term)).join(' OR ')})`;
}

/** The FTS5 query of a parsed query, every token under the account's key. */
export function ftsQuery(accountId: string, query: ParsedQuery): string {
  const key = accountKey(accountId);
  const required = query.required.map((terms) => ftsAnyOf(key, terms)).join(' AND ');
  if (query.excluded.length === 0) return required;
  return `(${required}) NOT ${ftsAnyOf(key, query.excluded)}`;
}

/**
 * The text as the tokenizer is given it: FTS5's remove_diacritics folds ö and é but leaves
 * æ, ø, œ and ß as they are, so they are spelled out first as foldWord does (and each query
 * word, ftsPhrase). Letter for letters: every word stays one token, so positions hold.
 */
export function spelledOut(text: ReturnType<typeof sql>) {
  let spelled = text;
  for (const [letter, spelling] of Object.entries(SPELLED_OUT_LETTERS)) {
    spelled = sql`replace(${spelled}, ${letter}, ${spelling})`;
  }
  return spelled;
}

/** A column of stored terms under the entry's account key: what the index holds. */
export function keyedTerms(column: string) {
  const terms = sql.ref(column);
  return sql`case when ${terms} = '' then '' else account_key || replace(${terms}, ' ', ' ' || account_key) end`;
}

/** A scratch index's terms of one column, in text order, from its fts5vocab `instance` table. */
export function termsOf(column: string) {
  return sql`group_concat(term, ' ' order by "offset") filter (where col = ${column})`;
}

/**
 * The order of a page of matches and, in date order, where it starts (keyset on the given
 * date and id columns). The order names result columns (id, created_at, score), so it serves
 * the query that picks the page and the one that adds its snippets.
 */
export function ftsPageOf(position: SearchPosition, keyColumns: { createdAt: string; id: string }) {
  if (position.sort === 'relevance') {
    return {
      after: sql`true`,
      orderBy: sql`score desc, created_at desc, id desc`,
      offset: position.offset,
    };
  }
  const { after } = position;
  const key = sql`(${sql.ref(keyColumns.createdAt)}, ${sql.ref(keyColumns.id)})`;
  return {
    after: after ? sql`${key} < (${after.createdAt}, ${after.id})` : sql`true`,
    orderBy: sql`created_at desc, id desc`,
    offset: 0,
  };
}
