import type { FastifyInstance } from 'fastify';
import type { UploadContentType } from '@kuvert/shared/uploads';
import { newId } from '../db/ids.ts';
import type { Engine } from '../db/migrations/context.ts';
import { UPLOAD_READ_JOB } from '../modules/uploads/upload-job-types.ts';
import { createTestApp, type TestApp } from './helper.ts';

/** A test app that reads uploads (the upload.read job) and answers their tables. */
export function createUploadReadingTestApp(engine: Engine): Promise<TestApp> {
  return createTestApp(engine);
}

export interface StoredUploadInput {
  accountId: string;
  userId: string;
  name: string;
  contentType: UploadContentType;
  bytes: Uint8Array;
  /** The size the row claims, when not the size of `bytes` (an upload too large to read). */
  size?: number;
  status?: 'receiving' | 'stored';
}

/**
 * An upload as the tus endpoint leaves it once the last byte arrived: its bytes in the
 * document store, its row `stored`, and the job that reads it queued.
 */
export async function insertStoredUpload(
  app: FastifyInstance,
  input: StoredUploadInput,
): Promise<string> {
  const stored = await app.documents.put(Buffer.from(input.bytes), {
    maxBytes: input.bytes.length + 1,
  });
  const id = newId(app.clock.now().getTime());
  const now = app.clock.now().toISOString();
  const status = input.status ?? 'stored';
  await app.db
    .insertInto('uploads')
    .values({
      id,
      account_id: input.accountId,
      created_by_user_id: input.userId,
      name: input.name,
      status,
      content_type: input.contentType,
      size: input.size ?? stored.size,
      received_bytes: input.size ?? stored.size,
      storage_key: stored.key,
      sha256: stored.sha256,
      text_failure: null,
      text_source: null,
      text: null,
      page_count: null,
      thumbnail_key: null,
      thumbnail_type: null,
      encoding: null,
      delimiter: null,
      created_at: now,
      updated_at: now,
      stored_at: status === 'stored' ? now : null,
      trashed_at: null,
    })
    .execute();
  if (status === 'stored') {
    await app.jobs.enqueue(app.db, { type: UPLOAD_READ_JOB, payload: { upload_id: id } });
  }
  return id;
}

export async function findUploadRow(app: FastifyInstance, id: string) {
  return app.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The upload.read jobs of an upload, oldest first. */
export async function readJobsOf(app: FastifyInstance, id: string) {
  const jobs = await app.db
    .selectFrom('jobs')
    .select(['status', 'attempts', 'last_error', 'payload'])
    .where('type', '=', UPLOAD_READ_JOB)
    .orderBy('created_at')
    .execute();
  return jobs.filter((job) => job.payload.includes(id));
}
