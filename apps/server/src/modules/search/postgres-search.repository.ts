import { sql } from 'kysely';
import { callerIsMember } from '../../db/scopes.ts';
import { buildSnippet, foldText, foldWord } from './search-terms.ts';
import { MATCHED_IN_BY_COLUMN, type SearchRepository } from './search-types.ts';

/** PostgreSQL refuses a tsvector over 1 MB; no letter needs more than this to be found. */
const PG_INDEXED_TEXT_MAX_CHARS = 200_000;

/**
 * The account's words that can satisfy the query: each lexeme the parser makes of the terms,
 * under the account key, as a prefix. A superset of the letters the exact query matches (it
 * ignores word order and which word is the prefix), read from the account's part of the GIN
 * index; `search_vector @@ q` then decides exactly. Lexemes are letters and digits only.
 */
function accountCandidates(accountId: string, foldedTerms: string[]) {
  return sql`(select string_agg(quote_literal(replace(${accountId}, '-', '') || lexeme) || ':*', ' & ')::tsquery
    from unnest(to_tsvector('simple', ${foldedTerms.join(' ')})))`;
}

/**
 * PostgreSQL's 'simple' configuration does not fold diacritics, and `unaccent` is an
 * extension we cannot count on; so text is folded here before it is indexed, the query is
 * folded the same way, and snippets are cut here from the original text.
 */
/** Letters indexed per round by a rebuild. */
const REBUILD_BATCH = 500;

export const postgresSearch: SearchRepository = {
  async rebuild(db) {
    let indexed = 0;
    let after = '';
    for (;;) {
      const batch = await db
        .selectFrom('letters')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(REBUILD_BATCH)
        .execute();
      if (batch.length === 0) return indexed;
      for (const { id } of batch) await postgresSearch.indexLetter(db, id);
      indexed += batch.length;
      after = batch.at(-1)?.id ?? after;
    }
  },
  async indexLetter(db, letterId) {
    const row = await db
      .selectFrom('letters as l')
      .innerJoin('providers as p', 'p.id', 'l.provider_id')
      .select(['l.subject', 'l.body', 'p.name'])
      .where('l.id', '=', letterId)
      .executeTakeFirst();
    if (!row) return;
    const documents = await db
      .selectFrom('letter_documents')
      .select('text')
      .where('letter_id', '=', letterId)
      .orderBy('position')
      .execute();
    const documentText = documents
      .map((document) => document.text ?? '')
      .join('\n')
      .slice(0, PG_INDEXED_TEXT_MAX_CHARS);
    // Weighted for ranking; the same lexemes under the account key (no positions) for the index.
    await sql`update letters set search_vector = v.vector,
        account_search_vector = (
          select array_to_tsvector(coalesce(array_agg(replace(letters.account_id, '-', '') || lexeme), '{}'))
          from unnest(v.vector))
      from (select
        setweight(to_tsvector('simple', ${foldText(row.subject)}), 'A') ||
        setweight(to_tsvector('simple', ${foldText(row.name)}), 'B') ||
        setweight(to_tsvector('simple', ${foldText(row.body)}), 'C') ||
        setweight(to_tsvector('simple', ${foldText(documentText)}), 'D') as vector) v
      where id = ${letterId}`.execute(db);
  },
  async search(db, request) {
    const folded = request.terms.map(foldWord);
    // Folded terms are letters and digits only, so this tsquery text has no operators but ours.
    const tsquery = folded
      .map((term, index) => `'${term}'${index === folded.length - 1 ? ':*' : ''}`)
      .join(' & ');
    const result = await sql<{
      id: string;
      subject: string;
      provider: string;
      body: string;
      documents: string;
    }>`
      select l.id, l.subject, p.name as provider, l.body,
        coalesce((select string_agg(d.text, E'\n' order by d.position) from letter_documents d
                  where d.letter_id = l.id), '') as documents
      from letters l join providers p on p.id = l.provider_id,
        to_tsquery('simple', ${tsquery}) q
      where l.account_search_vector @@ ${accountCandidates(request.accountId, folded)}
        and l.search_vector @@ q
        and l.account_id = ${request.accountId}
        and l.trashed_at is null
        and ${callerIsMember(request.userId, 'l.account_id')}
      order by ts_rank(l.search_vector, q) desc, l.created_at desc, l.id desc
      limit ${request.limit} offset ${request.offset}`.execute(db);
    return result.rows.map((row) => {
      const texts = [row.subject, row.provider, row.body, row.documents];
      for (const [index, text] of texts.entries()) {
        const snippet = buildSnippet(text, request.terms);
        if (snippet !== undefined)
          return { id: row.id, snippet, matchedIn: MATCHED_IN_BY_COLUMN[index] ?? 'subject' };
      }
      return { id: row.id, snippet: row.subject, matchedIn: 'subject' };
    });
  },
};
