import type { Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/schema.ts';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

export async function findIdempotencyRecord(
  db: Kysely<Database>,
  providerId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Fails with a unique violation when the key is taken: the guard against double delivery. */
export async function insertIdempotencyRecord(
  db: Kysely<Database>,
  row: IdempotencyRow,
): Promise<void> {
  await db.insertInto('idempotency_keys').values(row).execute();
}
