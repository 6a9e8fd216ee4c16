import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findMemberUserIds } from '../accounts/account-members.service.ts';
import { findNotifiableUserRows, type MailPreference } from './notifiable-users.repository.ts';

export type { MailPreference };

export interface NotifiableMember {
  email: string;
  firstName: string;
  language: string;
}

/** Members of the account who want this e-mail (by default: a notice when a letter arrives). */
export async function findMembersToNotify(
  db: Kysely<Database>,
  accountId: string,
  preference: MailPreference = 'email_on_new_letter',
): Promise<NotifiableMember[]> {
  const memberIds = await findMemberUserIds(db, accountId);
  const rows = await findNotifiableUserRows(db, memberIds, preference);
  return rows.map((row) => ({
    email: row.email,
    firstName: row.first_name,
    language: row.language,
  }));
}
