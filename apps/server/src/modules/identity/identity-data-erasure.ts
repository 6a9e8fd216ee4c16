import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PersonalDataEraser } from '../../personal-data/personal-data-erasers.ts';

/** The verified identity and any verification in progress go. */
async function eraseIdentityData(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('identity_processes').where('user_id', '=', userId).execute();
  await db.deleteFrom('verified_identities').where('user_id', '=', userId).execute();
}

export const identityErasure: PersonalDataEraser = {
  name: 'identity',
  columns: ['identity_processes.user_id', 'verified_identities.user_id'],
  erase: eraseIdentityData,
};
