import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { searchRepositoryFor, uploadSearchRepositoryFor } from './search.repository.ts';

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

/** `updateSearchIndex` for many letters at once, in few statements. */
export async function updateSearchIndexOfLetters(
  app: Pick<FastifyInstance, 'engine'>,
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<void> {
  await searchRepositoryFor(app.engine).indexLetters(db, letterIds);
}

/**
 * Brings the upload's search entry up to date from its current name, text and state: call it
 * after the upload was stored, read, renamed, trashed or restored, in the transaction that
 * changed it. A stored upload outside the trash has an entry; one still being received, in
 * the trash or deleted has none (a deleted row's entry also goes with it on its own).
 */
export async function updateUploadSearchIndex(
  app: Pick<FastifyInstance, 'engine'>,
  db: Kysely<Database>,
  uploadId: string,
): Promise<void> {
  await uploadSearchRepositoryFor(app.engine).indexUpload(db, uploadId);
}

export interface RebuiltSearchIndex {
  letters: number;
  uploads: number;
}

/** Indexes every letter and upload afresh (the `kuvert search reindex` command). */
export async function rebuildSearchIndex(
  app: Pick<FastifyInstance, 'engine' | 'db'>,
): Promise<RebuiltSearchIndex> {
  const letters = await searchRepositoryFor(app.engine).rebuild(app.db);
  const uploads = await uploadSearchRepositoryFor(app.engine).rebuild(app.db);
  return { letters, uploads };
}
