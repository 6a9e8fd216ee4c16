import { sql } from 'kysely';
import { callerIsMember } from '../../db/scopes.ts';
import { accountCandidates, PG_INDEXED_TEXT_MAX_CHARS, tsQueryText } from './postgres-tsquery.ts';
import { buildSnippet, foldText, highlightWords } from './search-terms.ts';
import {
  MATCHED_IN_BY_COLUMN,
  type SearchPosition,
  type SearchRepository,
} from './search-types.ts';

/** The order of a page and, in date order, where it starts (keyset on created_at, id). */
function pageOf(position: SearchPosition) {
  if (position.sort === 'relevance') {
    return {
      after: sql`true`,
      orderBy: sql`score desc, l.created_at desc, l.id desc`,
      offset: position.offset,
    };
  }
  const { after } = position;
  return {
    after: after ? sql`(l.created_at, l.id) < (${after.createdAt}, ${after.id})` : sql`true`,
    orderBy: sql`l.created_at desc, l.id desc`,
    offset: 0,
  };
}

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
    // Weighted for ranking (uploads weigh their name as a subject, their text as documents, so
    // the ranks of both compare); the same lexemes under the account key (no positions) for the index.
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
    const page = pageOf(request.position);
    const result = await sql<{
      id: string;
      created_at: string;
      score: number;
      subject: string;
      provider: string;
      body: string;
      documents: string;
    }>`
      select l.id, l.created_at, ts_rank(l.search_vector, q) as score, l.subject, p.name as provider, l.body,
        coalesce((select string_agg(d.text, E'\n' order by d.position) from letter_documents d
                  where d.letter_id = l.id), '') as documents
      from letters l join providers p on p.id = l.provider_id,
        to_tsquery('simple', ${tsQueryText(request.query)}) q
      where l.account_search_vector @@ ${accountCandidates(request.accountId, request.query)}
        and l.search_vector @@ q
        and ${page.after}
        and l.account_id = ${request.accountId}
        and l.trashed_at is null
        and ${callerIsMember(request.userId, 'l.account_id')}
      order by ${page.orderBy}
      limit ${request.limit} offset ${page.offset}`.execute(db);
    const highlights = highlightWords(request.query);
    return result.rows.map((row) => {
      const texts = [row.subject, row.provider, row.body, row.documents];
      for (const [index, text] of texts.entries()) {
        const snippet = buildSnippet(text, highlights);
        if (snippet !== undefined) {
          const matchedIn = MATCHED_IN_BY_COLUMN[index] ?? 'subject';
          return { id: row.id, createdAt: row.created_at, score: row.score, snippet, matchedIn };
        }
      }
      return {
        id: row.id,
        createdAt: row.created_at,
        score: row.score,
        snippet: row.subject,
        matchedIn: 'subject',
      };
    });
  },
};
