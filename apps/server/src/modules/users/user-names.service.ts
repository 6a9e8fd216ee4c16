import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findUserNameRows, type UserNameRow } from './user-names.repository.ts';

export type { UserNameRow };

/**
 * Who the users among `ids` are (names, e-mail), by id: other areas read their own rows first
 * and then ask here once for every user on them. `db` may be the caller's transaction.
 */
export async function findUserNames(
  db: Kysely<Database>,
  ids: Iterable<string | null>,
): Promise<Map<string, UserNameRow>> {
  const rows = await findUserNameRows(db, ids);
  return new Map(rows.map((row) => [row.id, row]));
}
