import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How these providers present themselves (the ones that exist). */
export async function findProviderNameRows(db: Kysely<Database>, providerIds: readonly string[]) {
  if (providerIds.length === 0) return [];
  return db
    .selectFrom('providers')
    .select(['id', 'name', 'category', 'logo_key', 'verified_at'])
    .where('id', 'in', [...providerIds])
    .execute();
}
