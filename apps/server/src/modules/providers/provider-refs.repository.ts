import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

/** What other areas show of a provider next to their own rows: its name, category and logo. */
export interface ProviderRefRow {
  id: string;
  name: string;
  category: string;
  logo_key: string | null;
  verified_at: string | null;
}

/**
 * The providers among `ids`, by name then id (the database's collation orders the names; past
 * `LOOKUP_BATCH` providers, within each batch).
 */
export async function findProviderRefRows(
  db: Kysely<Database>,
  ids: Iterable<string | null>,
): Promise<ProviderRefRow[]> {
  return lookUpInBatches(ids, (batch) =>
    db
      .selectFrom('providers')
      .select(['id', 'name', 'category', 'logo_key', 'verified_at'])
      .where('id', 'in', batch)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  );
}
