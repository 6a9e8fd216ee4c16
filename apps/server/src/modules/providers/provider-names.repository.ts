import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

export async function findProviderNameRows(db: Kysely<Database>, ids: readonly string[]) {
  return lookUpInBatches(ids, (batch) =>
    db.selectFrom('providers').select(['id', 'name']).where('id', 'in', batch).execute(),
  );
}
