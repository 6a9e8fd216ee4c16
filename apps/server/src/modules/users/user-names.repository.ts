import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The names and e-mail addresses of these users (the ones that exist). */
export async function findUserNameRows(db: Kysely<Database>, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [...userIds])
    .execute();
}
