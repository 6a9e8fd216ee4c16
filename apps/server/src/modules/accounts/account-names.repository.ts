import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The names of these accounts (the ones that exist). */
export async function findAccountNameRows(db: Kysely<Database>, accountIds: readonly string[]) {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', 'in', [...accountIds])
    .execute();
}
