import type { Engine } from '../../db/migrations/context.ts';
import { postgresSearch } from './postgres-search.repository.ts';
import { sqliteSearch } from './sqlite-search.repository.ts';
import type { SearchRepository } from './search-types.ts';

export type { MatchedIn, SearchMatch, SearchRequest, SearchRepository } from './search-types.ts';

export function searchRepositoryFor(engine: Engine): SearchRepository {
  return engine === 'postgres' ? postgresSearch : sqliteSearch;
}
