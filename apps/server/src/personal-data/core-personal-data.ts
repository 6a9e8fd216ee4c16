import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PersonalDataEraser } from './personal-data-erasers.ts';

/**
 * The person's sessions, mailed tokens and security log go. (Rate-limit hits name an e-mail
 * address at most and are pruned within a day.)
 */
async function eraseCoreData(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('one_time_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('audit_events').where('user_id', '=', userId).execute();
}

export const coreErasure: PersonalDataEraser = {
  name: 'sessions-tokens-security-log',
  columns: ['sessions.user_id', 'one_time_tokens.user_id', 'audit_events.user_id'],
  erase: eraseCoreData,
};
