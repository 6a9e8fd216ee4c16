import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { callerIsMember } from '../accounts/account-scopes.ts';
import { stemLexemesOf } from './postgres-stems.ts';
import {
  accountCandidates,
  exactMatch,
  findQueryStems,
  PG_INDEXED_TEXT_MAX_CHARS,
  stemmedHighlights,
  tsQueryText,
} from './postgres-tsquery.ts';
import { buildSnippet, foldText } from './search-terms.ts';
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
/** Letters one indexing statement takes. */
const INDEX_BATCH = 200;

/**
 * The "provider" column: who the letter is from or to. The provider; else, for a letter from
 * another Kuvert user, their name; else, for a composed letter, its recipients' names.
 */
const correspondentText = sql<string>`coalesce(p.name, l.sender_name,
  (select string_agg(r.name, ' ' order by r.position) from letter_recipients r
   where r.letter_id = l.id), '')`;

/**
 * Rebuilds the entries of these letters: their text is read in two queries and folded here
 * (see postgres-tsquery.ts), then one UPDATE writes every letter's vectors.
 */
async function indexPostgresLetters(
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<void> {
  if (letterIds.length === 0) return;
  const { rows } = await sql<{ id: string; subject: string; body: string; name: string }>`
    select l.id, l.subject, l.body, ${correspondentText} as name
    from letters l left join providers p on p.id = l.provider_id
    where l.id in (${sql.join(letterIds)})`.execute(db);
  if (rows.length === 0) return;
  const documents = await db
    .selectFrom('letter_documents')
    .select(['letter_id', 'text'])
    .where('letter_id', 'in', letterIds)
    .orderBy('letter_id')
    .orderBy('position')
    .execute();
  const textOf = new Map<string, string[]>();
  for (const document of documents) {
    const texts = textOf.get(document.letter_id) ?? [];
    texts.push(document.text ?? '');
    textOf.set(document.letter_id, texts);
  }
  const folded = rows.map((row) => {
    const documentText = (textOf.get(row.id) ?? []).join('\n').slice(0, PG_INDEXED_TEXT_MAX_CHARS);
    return [row.subject, row.name, row.body, documentText].map(foldText);
  });
  const stems = await stemLexemesOf(
    db,
    folded.map(
      (texts) =>
        new Set(
          texts
            .join(' ')
            .split(' ')
            .filter((word) => word !== ''),
        ),
    ),
  );
  const values = rows.map((row, index) => {
    const [subject = '', name = '', body = '', documentText = ''] = folded[index] ?? [];
    return sql`(${row.id}, ${subject}, ${name}, ${body}, ${documentText}, ${stems[index] ?? []}::text[])`;
  });
  // Weighted for ranking (uploads weigh their name as a subject, their text as documents, so
  // the ranks of both compare); the same lexemes and the stems (postgres-stems.ts) under the
  // account key (no positions) for the index.
  await sql`update letters set search_vector = v.vector,
      account_search_vector = (
        select array_to_tsvector(coalesce(array_agg(replace(letters.account_id, '-', '') || lexeme), '{}'))
        from (select lexeme from unnest(v.vector) union all select unnest(v.stems)) as all_lexemes (lexeme))
    from (select t.id,
      setweight(to_tsvector('simple', t.subject), 'A') ||
      setweight(to_tsvector('simple', t.name), 'B') ||
      setweight(to_tsvector('simple', t.body), 'C') ||
      setweight(to_tsvector('simple', t.documents), 'D') as vector, t.stems
      from (values ${sql.join(values)}) as t (id, subject, name, body, documents, stems)) v
    where letters.id = v.id`.execute(db);
}

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
      await postgresSearch.indexLetters(
        db,
        batch.map((row) => row.id),
      );
      indexed += batch.length;
      after = batch.at(-1)?.id ?? after;
    }
  },
  async indexLetter(db, letterId) {
    await postgresSearch.indexLetters(db, [letterId]);
  },
  async indexLetters(db, letterIds) {
    for (let start = 0; start < letterIds.length; start += INDEX_BATCH) {
      await indexPostgresLetters(db, letterIds.slice(start, start + INDEX_BATCH));
    }
  },
  async search(db, request) {
    const page = pageOf(request.position);
    const stems = await findQueryStems(db, request.language, request.query);
    const result = await sql<{
      id: string;
      created_at: string;
      score: number;
      subject: string;
      provider: string;
      body: string;
      documents: string;
    }>`
      select l.id, l.created_at, ts_rank(l.search_vector, q) as score, l.subject, ${correspondentText} as provider, l.body,
        coalesce((select string_agg(d.text, E'\n' order by d.position) from letter_documents d
                  where d.letter_id = l.id), '') as documents
      from letters l left join providers p on p.id = l.provider_id,
        to_tsquery('simple', ${tsQueryText(request.query)}) q
      where l.account_search_vector @@ ${accountCandidates(request.accountId, stems, request.query)}
        and ${exactMatch(request.accountId, stems, request.query, { words: 'l.search_vector', keyed: 'l.account_search_vector' })}
        and ${page.after}
        and l.account_id = ${request.accountId}
        and l.trashed_at is null
        and ${callerIsMember(request.userId, 'l.account_id')}
      order by ${page.orderBy}
      limit ${request.limit} offset ${page.offset}`.execute(db);
    const highlights = stemmedHighlights(request.query, stems);
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
