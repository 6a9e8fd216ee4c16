import { sql } from 'kysely';
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
  UPLOAD_MATCHED_IN_BY_COLUMN,
  type SearchPosition,
  type UploadSearchRepository,
} from './search-types.ts';

/** Uploads indexed per round by a rebuild. */
const REBUILD_BATCH = 500;

/** The order of a page and, in date order, where it starts (keyset on created_at, id). */
function pageOf(position: SearchPosition) {
  if (position.sort === 'relevance') {
    return {
      after: sql`true`,
      orderBy: sql`score desc, u.created_at desc, u.id desc`,
      offset: position.offset,
    };
  }
  const { after } = position;
  return {
    after: after ? sql`(u.created_at, u.id) < (${after.createdAt}, ${after.id})` : sql`true`,
    orderBy: sql`u.created_at desc, u.id desc`,
    offset: 0,
  };
}

export const postgresUploadSearch: UploadSearchRepository = {
  async rebuild(db) {
    let indexed = 0;
    let after = '';
    for (;;) {
      const batch = await db
        .selectFrom('uploads')
        .select(['id', 'status', 'trashed_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(REBUILD_BATCH)
        .execute();
      if (batch.length === 0) return indexed;
      for (const { id } of batch) await postgresUploadSearch.indexUpload(db, id);
      indexed += batch.filter(
        (upload) => upload.status === 'stored' && upload.trashed_at === null,
      ).length;
      after = batch.at(-1)?.id ?? after;
    }
  },
  async indexUpload(db, uploadId) {
    const row = await db
      .selectFrom('uploads')
      .select(['name', 'text'])
      .where('id', '=', uploadId)
      .where('status', '=', 'stored')
      // A mail merge's CSV is not one of the person's uploads: search does not find it.
      .where('purpose', '=', 'library')
      .where('trashed_at', 'is', null)
      .executeTakeFirst();
    if (!row) {
      await sql`delete from uploads_search where upload_id = ${uploadId}`.execute(db);
      return;
    }
    const name = foldText(row.name);
    const text = foldText((row.text ?? '').slice(0, PG_INDEXED_TEXT_MAX_CHARS));
    const [stems = []] = await stemLexemesOf(db, [
      new Set(`${name} ${text}`.split(' ').filter((word) => word !== '')),
    ]);
    // Weighted for ranking, as a letter's subject (A) and documents (D); the same lexemes and
    // the stems (postgres-stems.ts) under the account key (no positions) for the index.
    await sql`insert into uploads_search (upload_id, search_vector, account_search_vector)
      select u.id, v.vector,
        (select array_to_tsvector(coalesce(array_agg(replace(u.account_id, '-', '') || lexeme), '{}'))
          from (select lexeme from unnest(v.vector)
            union all select unnest(${stems}::text[])) as all_lexemes (lexeme))
      from uploads u, (select
        setweight(to_tsvector('simple', ${name}), 'A') ||
        setweight(to_tsvector('simple', ${text}), 'D') as vector) v
      where u.id = ${uploadId}
      on conflict (upload_id) do update set search_vector = excluded.search_vector,
        account_search_vector = excluded.account_search_vector`.execute(db);
  },
  async search(db, request) {
    const page = pageOf(request.position);
    const stems = await findQueryStems(db, request.language, request.query);
    const result = await sql<{
      id: string;
      created_at: string;
      score: number;
      name: string;
      text: string;
    }>`
      select u.id, u.created_at, ts_rank(s.search_vector, q) as score, u.name,
        coalesce(u.text, '') as text
      from uploads_search s join uploads u on u.id = s.upload_id,
        to_tsquery('simple', ${tsQueryText(request.query)}) q
      where s.account_search_vector @@ ${accountCandidates(request.accountId, stems, request.query)}
        and ${exactMatch(request.accountId, stems, request.query, { words: 's.search_vector', keyed: 's.account_search_vector' })}
        and ${page.after}
        and u.account_id = ${request.accountId}
        and u.status = 'stored'
        and u.trashed_at is null
        and ${callerIsMember(request.userId, 'u.account_id')}
      order by ${page.orderBy}
      limit ${request.limit} offset ${page.offset}`.execute(db);
    const highlights = stemmedHighlights(request.query, stems);
    return result.rows.map((row) => {
      const match = { id: row.id, createdAt: row.created_at, score: row.score };
      for (const [index, text] of [row.name, row.text].entries()) {
        const snippet = buildSnippet(text, highlights);
        const matchedIn = UPLOAD_MATCHED_IN_BY_COLUMN[index];
        if (snippet !== undefined && matchedIn) return { ...match, snippet, matchedIn };
      }
      return { ...match, snippet: row.name, matchedIn: 'name' };
    });
  },
};
