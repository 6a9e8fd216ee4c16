import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

/** The names of these accounts (the ones that exist). */
export async function findAccountNameRows(db: Kysely<Database>, accountIds: readonly string[]) {
  return lookUpInBatches(accountIds, (batch) =>
    db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', batch).execute(),
  );
}
