import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

export interface UserNameRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

/** The users among `ids` with their names and e-mail addresses. */
export async function findUserNameRows(
  db: Kysely<Database>,
  ids: Iterable<string | null>,
): Promise<UserNameRow[]> {
  return lookUpInBatches(ids, (batch) =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('id', 'in', batch)
      .execute(),
  );
}
