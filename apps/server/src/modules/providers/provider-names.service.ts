import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProviderNameRows } from './provider-names.repository.ts';

/** How other areas show a provider beside their own rows. */
export interface ProviderName {
  name: string;
  category: string;
  logo_key: string | null;
  verified_at: string | null;
}

/**
 * The providers among `providerIds` by id, read at once for a whole list; a provider that
 * does not exist is missing from the map. `db` may be the caller's transaction.
 */
export async function findProviderNames(
  db: Kysely<Database>,
  providerIds: readonly string[],
): Promise<Map<string, ProviderName>> {
  const rows = await findProviderNameRows(db, [...new Set(providerIds)]);
  return new Map(rows.map(({ id, ...provider }) => [id, provider]));
}
