import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProviderRefRows, type ProviderRefRow } from './provider-refs.repository.ts';

export type { ProviderRefRow };

/*
 * The providers' columns other areas show beside their rows (a letter's sender, a form's
 * provider): they read their own rows first, then ask here once for all the providers on them.
 * `db` may be the caller's transaction.
 */

/** The providers among `ids`, by id; one query however many ids. */
export async function findProviderRefs(
  db: Kysely<Database>,
  ids: Iterable<string | null>,
): Promise<Map<string, ProviderRefRow>> {
  const rows = await findProviderRefRows(db, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The providers among `ids`, by name then id: the order of a list's provider filter. */
export async function findProviderRefsByName(
  db: Kysely<Database>,
  ids: Iterable<string | null>,
): Promise<ProviderRefRow[]> {
  return findProviderRefRows(db, ids);
}
