import { sql, type Kysely } from 'kysely';
import type { Language } from '@kuvert/shared/auth';
import type { Database } from '../../db/schema.ts';
import { queryStems, stemAlternative } from './postgres-stems.ts';
import {
  foldWord,
  highlightWords,
  type HighlightWord,
  type ParsedQuery,
  type SearchTerm,
} from './search-terms.ts';

/*
 * What the PostgreSQL indexes of letters and uploads share: the account-keyed candidate query
 * for the GIN index and the exact tsquery (see migrations 0005 and 0010).
 *
 * PostgreSQL's 'simple' configuration does not fold diacritics, and `unaccent` is an
 * extension we cannot count on; so text is folded before it is indexed (foldText), the query
 * is folded the same way, and snippets are cut from the original text (buildSnippet).
 */

/** PostgreSQL refuses a tsvector over 1 MB; no letter or upload needs more text to be found. */
export const PG_INDEXED_TEXT_MAX_CHARS = 200_000;

/** The stems of a query's words in the searcher's language (see findQueryStems). */
export interface QueryStems {
  language: Language;
  byWord: ReadonlyMap<string, string>;
}

/** The folded word of a term that may also be found by its stem: one word, not quoted. */
function stemmedWord(term: SearchTerm): string | undefined {
  const [word] = term.words;
  return term.words.length === 1 && !term.isQuoted && word !== undefined
    ? foldWord(word)
    : undefined;
}

function stemOf(stems: QueryStems, term: SearchTerm): string | undefined {
  const word = stemmedWord(term);
  return word === undefined ? undefined : stems.byWord.get(word);
}

/** Looks up the stems of the query's stemmed words, in one statement. */
export async function findQueryStems(
  db: Kysely<Database>,
  language: Language,
  query: ParsedQuery,
): Promise<QueryStems> {
  const words = query.required.flat().flatMap((term) => stemmedWord(term) ?? []);
  return { language, byWord: await queryStems(db, language, words) };
}

/**
 * The words a snippet marks: the query's, and for a word found by its stem, the words that
 * begin with that stem (near enough: the words that share the stem are not known here).
 */
export function stemmedHighlights(query: ParsedQuery, stems: QueryStems): HighlightWord[] {
  return [
    ...highlightWords(query),
    ...[...stems.byWord.values()].map((stem) => ({ word: stem, isPrefix: true })),
  ];
}

/**
 * The account's words that can satisfy a term: each lexeme the parser makes of its words,
 * under the account key, as a prefix; or the word's stem. Empty when the parser makes none,
 * which `||` and `&&` pass over.
 */
function termCandidates(accountId: string, stems: QueryStems, term: SearchTerm) {
  const key = accountId.replaceAll('-', '');
  const words = sql`coalesce((select string_agg(quote_literal(${key} || lexeme) || ':*', ' & ')::tsquery
    from unnest(to_tsvector('simple', ${term.words.map(foldWord).join(' ')}))), ''::tsquery)`;
  const stem = stemOf(stems, term);
  if (stem === undefined) return words;
  return sql`(${words} || ${stemAlternative(stems.language, stem, key)}::tsquery)`;
}

/**
 * A superset of the rows the exact query matches (it ignores word order, which word is a
 * prefix, and exclusions), read from the account's part of the GIN index;
 * `search_vector @@ q` then decides exactly. Lexemes are letters and digits only.
 */
export function accountCandidates(accountId: string, stems: QueryStems, query: ParsedQuery) {
  const clauses = query.required.map(
    (terms) =>
      sql`(${sql.join(
        terms.map((term) => termCandidates(accountId, stems, term)),
        sql` || `,
      )})`,
  );
  // Bracketed: `@@` binds tighter than `&&`.
  return sql`(${sql.join(clauses, sql` && `)})`;
}

/** A term as tsquery text: folded words are letters and digits only, so no operators but ours. */
function tsPhrase(term: SearchTerm): string {
  const last = term.words.length - 1;
  const lexemes = term.words.map(
    (word, index) => `'${foldWord(word)}'${term.isPrefix && index === last ? ':*' : ''}`,
  );
  return `(${lexemes.join(' <-> ')})`;
}

/** The exact query as tsquery text, for `to_tsquery('simple', …)`: what ranks a match. */
export function tsQueryText(query: ParsedQuery): string {
  const required = query.required.map((terms) => `(${terms.map(tsPhrase).join(' | ')})`);
  const excluded = query.excluded.map((term) => `!${tsPhrase(term)}`);
  return [...required, ...excluded].join(' & ');
}

/** The two vectors of an entry: weighted words, and words and stems under the account key. */
export interface SearchVectors {
  words: string;
  keyed: string;
}

/** A term's exact match; a single word is also matched by its stem (keyed vector only). */
function termMatches(stems: QueryStems, term: SearchTerm, vectors: SearchVectors, key: string) {
  const exact = sql`${sql.ref(vectors.words)} @@ to_tsquery('simple', ${tsPhrase(term)})`;
  const stem = stemOf(stems, term);
  if (stem === undefined) return exact;
  return sql`(${exact} or ${sql.ref(vectors.keyed)} @@ ${stemAlternative(stems.language, stem, key)}::tsquery)`;
}

/**
 * Whether an entry matches exactly: every required clause (its terms joined by OR), none of
 * the excluded terms, which stay exact. The stems live only in the keyed vector, so a query
 * that matches by its words reads the weighted vector as it always did, and that vector stays
 * the size it was.
 */
export function exactMatch(
  accountId: string,
  stems: QueryStems,
  query: ParsedQuery,
  vectors: SearchVectors,
) {
  const key = accountId.replaceAll('-', '');
  const required = query.required.map(
    (terms) =>
      sql`(${sql.join(
        terms.map((term) => termMatches(stems, term, vectors, key)),
        sql` or `,
      )})`,
  );
  const excluded = query.excluded.map(
    (term) => sql`not (${sql.ref(vectors.words)} @@ to_tsquery('simple', ${tsPhrase(term)}))`,
  );
  return sql`(${sql.join([...required, ...excluded], sql` and `)})`;
}
