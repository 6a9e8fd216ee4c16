import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProviderNameRows } from './provider-names.repository.ts';

/**
 * The names of the providers with these ids (null ids are skipped), by id, in one batched
 * lookup; an id missing from the answer names no provider.
 */
export async function findProviderNames(
  db: Kysely<Database>,
  providerIds: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  const ids = [...new Set(providerIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await findProviderNameRows(db, ids);
  return new Map(rows.map((row) => [row.id, row.name]));
}
