import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { searchRepositoryFor } from './search.repository.ts';

/**
 * Brings the letter's search entry up to date. Pass the transaction that changed the letter
 * (delivery, text extraction), so the index never disagrees with what is committed.
 */
export async function updateSearchIndex(
  app: Pick<FastifyInstance, 'engine'>,
  db: Kysely<Database>,
  letterId: string,
): Promise<void> {
  await searchRepositoryFor(app.engine).indexLetter(db, letterId);
}

/**
 * Brings the upload's search entry up to date (after it was read, renamed, trashed or
 * restored). Pass the transaction that changed it.
 * TODO(search-uploads): index uploads; a placeholder until the search helper lands it.
 */
export async function updateUploadSearchIndex(
  _app: Pick<FastifyInstance, 'engine'>,
  _db: Kysely<Database>,
  _uploadId: string,
): Promise<void> {}

/** Indexes every letter afresh (the `kuvert search reindex` command). */
export async function rebuildSearchIndex(
  app: Pick<FastifyInstance, 'engine' | 'db'>,
): Promise<number> {
  return searchRepositoryFor(app.engine).rebuild(app.db);
}
