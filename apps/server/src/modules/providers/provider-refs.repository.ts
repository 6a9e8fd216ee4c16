import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What other areas show of a provider next to their own rows: its name, category and logo. */
export interface ProviderRefRow {
  id: string;
  name: string;
  category: string;
  logo_key: string | null;
  verified_at: string | null;
}

/** The providers among `ids`, by name then id (the database's collation orders the names). */
export async function findProviderRefRows(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<ProviderRefRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('providers')
    .select(['id', 'name', 'category', 'logo_key', 'verified_at'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('name')
    .orderBy('id')
    .execute();
}
