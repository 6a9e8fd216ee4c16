import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

/** What a letter needs of its writer: name, e-mail, language and postal address. */
export async function findUserContactRows(db: Kysely<Database>, userIds: Iterable<string | null>) {
  return lookUpInBatches(userIds, (batch) =>
    db
      .selectFrom('users')
      .select([
        'id',
        'email',
        'first_name',
        'last_name',
        'language',
        'address_street',
        'address_postcode',
        'address_city',
        'address_country',
      ])
      .where('id', 'in', batch)
      .execute(),
  );
}

/** Users who are not disabled, by e-mail address as stored (lower-cased). */
export async function findActiveUserRowsByEmail(db: Kysely<Database>, emails: readonly string[]) {
  return lookUpInBatches(emails, (batch) =>
    db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('email', 'in', batch)
      .where('disabled_at', 'is', null)
      .execute(),
  );
}
