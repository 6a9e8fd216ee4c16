import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';

/** The first key of Kuvert's advisory locks on uploads ('upld'); the second is the id's hash. */
const UPLOAD_LOCK_CLASS = 0x75706c64;

/** Uploads a request of this process is appending to, per app (tests run several apps). */
const busyByApp = new WeakMap<object, Set<string>>();

function busy(): AppError {
  return new AppError('CONFLICT', {
    message: 'Another request is uploading this file right now; try again when it has finished.',
  });
}

/**
 * Runs `work` while no other request appends to the upload: a second one at the same time is
 * answered 409 at once (tus clients then ask for the offset and go on from there). Within
 * this process a set of ids says so; on PostgreSQL a session advisory lock, held on one
 * connection for the whole request, says so to every instance. `work` gets that connection:
 * a request holding a lock never waits for another pooled connection, so a pool full of
 * uploads cannot deadlock. PostgreSQL drops the lock by itself if the connection dies.
 */
export async function withUploadLock<T>(
  app: Pick<FastifyInstance, 'db' | 'engine'>,
  uploadId: string,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  let busyIds = busyByApp.get(app);
  if (!busyIds) {
    busyIds = new Set();
    busyByApp.set(app, busyIds);
  }
  if (busyIds.has(uploadId)) throw busy();
  busyIds.add(uploadId);
  try {
    if (app.engine !== 'postgres') return await work(app.db);
    return await app.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(
          ${UPLOAD_LOCK_CLASS}::int4, hashtext(${uploadId})) as locked`.execute(connection);
      if (rows[0]?.locked !== true) throw busy();
      try {
        return await work(connection);
      } finally {
        await sql`select pg_advisory_unlock(${UPLOAD_LOCK_CLASS}::int4, hashtext(${uploadId}))`.execute(
          connection,
        );
      }
    });
  } finally {
    busyIds.delete(uploadId);
  }
}
