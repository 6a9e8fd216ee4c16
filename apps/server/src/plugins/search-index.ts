import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface RebuiltSearchIndex {
  letters: number;
  uploads: number;
}

/**
 * The write side of the full-text index of letters and uploads. The areas that change what is
 * indexed call it here, in core; the search module answers queries and supplies the engine's
 * writer, which app.ts installs as `app.searchIndex` (search-index-writer.ts of that module).
 */
export interface SearchIndexWriter {
  /** Rebuilds the letter's entry from its current subject, provider, body and documents. */
  indexLetter(db: Kysely<Database>, letterId: string): Promise<void>;
  /** The same for many letters in few statements (letters written together, a mail merge). */
  indexLetters(db: Kysely<Database>, letterIds: readonly string[]): Promise<void>;
  /**
   * Brings the upload's entry up to date: an entry for a stored upload outside the trash,
   * none for one still being received, in the trash, or no longer there.
   */
  indexUpload(db: Kysely<Database>, uploadId: string): Promise<void>;
  /** Indexes every letter and upload afresh; answers how many of each were indexed. */
  rebuild(db: Kysely<Database>): Promise<RebuiltSearchIndex>;
}

/**
 * Brings the letter's search entry up to date. Pass the transaction that changed the letter
 * (delivery, text extraction), so the index never disagrees with what is committed.
 */
export async function updateSearchIndex(
  app: Pick<FastifyInstance, 'searchIndex'>,
  db: Kysely<Database>,
  letterId: string,
): Promise<void> {
  await app.searchIndex.indexLetter(db, letterId);
}

/** `updateSearchIndex` for many letters at once, in few statements. */
export async function updateSearchIndexOfLetters(
  app: Pick<FastifyInstance, 'searchIndex'>,
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<void> {
  await app.searchIndex.indexLetters(db, letterIds);
}

/**
 * Brings the upload's search entry up to date from its current name, text and state: call it
 * after the upload was stored, read, renamed, trashed or restored, in the transaction that
 * changed it. A stored upload outside the trash has an entry; one still being received, in
 * the trash or deleted has none (a deleted row's entry also goes with it on its own).
 */
export async function updateUploadSearchIndex(
  app: Pick<FastifyInstance, 'searchIndex'>,
  db: Kysely<Database>,
  uploadId: string,
): Promise<void> {
  await app.searchIndex.indexUpload(db, uploadId);
}

/** Indexes every letter and upload afresh (the `kuvert search reindex` command). */
export async function rebuildSearchIndex(
  app: Pick<FastifyInstance, 'searchIndex' | 'db'>,
): Promise<RebuiltSearchIndex> {
  return app.searchIndex.rebuild(app.db);
}
