import type { Kysely } from 'kysely';
import type { Language } from '@kuvert/shared/auth';
import type { Database } from '../../db/schema.ts';
import type { ParsedQuery } from './search-terms.ts';

export type LetterMatchedIn = 'subject' | 'provider' | 'body' | 'document';
export type UploadMatchedIn = 'name' | 'text';

/** The indexed columns of letters in index order, by what a hit reports as `matched_in`. */
export const MATCHED_IN_BY_COLUMN: LetterMatchedIn[] = ['subject', 'provider', 'body', 'document'];
/** The same for uploads. */
export const UPLOAD_MATCHED_IN_BY_COLUMN: UploadMatchedIn[] = ['name', 'text'];

export interface SearchMatch<MatchedIn extends string = LetterMatchedIn> {
  id: string;
  createdAt: string;
  /**
   * How well it matched, higher is better: the engine's score (SQLite: bm25, negated;
   * PostgreSQL: ts_rank). Letters and uploads are scored by the same function with the same
   * weight for like fields, so the two can be merged on it (see search.service.ts).
   */
  score: number;
  snippet: string;
  matchedIn: MatchedIn;
}

/**
 * Where one index's page starts: an offset into its ranking, or after a row in date order
 * (keyset on created_at, id).
 */
export type SearchPosition =
  | { sort: 'relevance'; offset: number }
  | { sort: 'newest'; after: { createdAt: string; id: string } | undefined };

export interface SearchRequest {
  userId: string;
  accountId: string;
  /** The searcher's language: whose stems a word is also found by (PostgreSQL). */
  language: Language;
  /** Has at least one required term (see parseQuery). */
  query: ParsedQuery;
  position: SearchPosition;
  limit: number;
}

/**
 * The letters' full-text index, two engines: FTS5 on SQLite, tsvector on PostgreSQL. Both
 * index every word under its account's key, so a search reads only the account's part.
 */
export interface SearchRepository {
  /** Rebuilds the letter's entry from its current subject, provider, body and documents. */
  indexLetter(db: Kysely<Database>, letterId: string): Promise<void>;
  /** The same for many letters in few statements (letters written together, a mail merge). */
  indexLetters(db: Kysely<Database>, letterIds: readonly string[]): Promise<void>;
  /**
   * Best matches (ties: newest first) or newest first; only live letters of the account, only
   * if the user is a member of it.
   */
  search(db: Kysely<Database>, request: SearchRequest): Promise<SearchMatch[]>;
  /** Indexes every letter afresh, in batches; answers how many letters were indexed. */
  rebuild(db: Kysely<Database>): Promise<number>;
}

/** The uploads' full-text index (name and extracted text), built the same way as letters'. */
export interface UploadSearchRepository {
  /**
   * Brings the upload's entry up to date: an entry for a stored upload outside the trash,
   * none for one still being received, in the trash, or no longer there.
   */
  indexUpload(db: Kysely<Database>, uploadId: string): Promise<void>;
  /**
   * As `SearchRepository.search`, over stored uploads that are not in the trash; equal scores
   * in an order of the engine's own (each page continues it).
   */
  search(db: Kysely<Database>, request: SearchRequest): Promise<SearchMatch<UploadMatchedIn>[]>;
  /** Indexes every upload afresh; answers how many uploads were indexed. */
  rebuild(db: Kysely<Database>): Promise<number>;
}

/**
 * The prefix of the account's words in the index: its id without hyphens, which FTS5 and
 * PostgreSQL both keep as part of one word. The indexing SQL computes the same.
 */
export function accountKey(accountId: string): string {
  return accountId.replaceAll('-', '');
}
