import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findAccountNameRows } from './account-names.repository.ts';

/**
 * The names of the accounts among `accountIds`, by id, read at once for a whole list; an
 * account that does not exist is missing from the map.
 */
export async function findAccountNames(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findAccountNameRows(db, accountIds);
  return new Map(rows.map((row) => [row.id, row.name]));
}
