import type { Engine } from '../../db/migrations/context.ts';
import { postgresSearch } from './postgres-search.repository.ts';
import { postgresUploadSearch } from './postgres-upload-search.repository.ts';
import { sqliteSearch } from './sqlite-search.repository.ts';
import { sqliteUploadSearch } from './sqlite-upload-search.repository.ts';
import type { SearchRepository, UploadSearchRepository } from './search-types.ts';

export type {
  LetterMatchedIn,
  SearchMatch,
  SearchRequest,
  SearchRepository,
  UploadMatchedIn,
  UploadSearchRepository,
} from './search-types.ts';

export function searchRepositoryFor(engine: Engine): SearchRepository {
  return engine === 'postgres' ? postgresSearch : sqliteSearch;
}

export function uploadSearchRepositoryFor(engine: Engine): UploadSearchRepository {
  return engine === 'postgres' ? postgresUploadSearch : sqliteUploadSearch;
}
