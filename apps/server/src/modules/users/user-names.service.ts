import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findUserNameRows } from './user-names.repository.ts';

/** How other areas show a user beside their own rows: a signer, a letter's author. */
export interface UserName {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The users among `userIds` by id, read at once for a whole list (never one query per row);
 * a user that does not exist is missing from the map. `db` may be the caller's transaction.
 */
export async function findUserNames(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, UserName>> {
  const rows = await findUserNameRows(db, [...new Set(userIds)]);
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}
