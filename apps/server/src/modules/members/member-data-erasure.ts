import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type {
  ErasureSubject,
  PersonalDataEraser,
} from '../../personal-data/personal-data-erasers.ts';

/**
 * Invitations of the personal mailbox, and those the person sent that nobody accepted, go;
 * an accepted invitation stays for the mailbox's record, without who accepted it.
 */
async function eraseInvitationData(
  db: Kysely<Database>,
  userId: string,
  subject: ErasureSubject,
): Promise<void> {
  if (subject.erasedAccountIds.length > 0) {
    await db
      .deleteFrom('account_invitations')
      .where('account_id', 'in', subject.erasedAccountIds)
      .execute();
  }
  await db
    .deleteFrom('account_invitations')
    .where('invited_by', '=', userId)
    .where('accepted_at', 'is', null)
    .execute();
  await db
    .updateTable('account_invitations')
    .set({ accepted_by: null })
    .where('accepted_by', '=', userId)
    .execute();
}

export const invitationErasure: PersonalDataEraser = {
  name: 'members',
  columns: [
    'account_invitations.account_id',
    'account_invitations.invited_by',
    'account_invitations.accepted_by',
  ],
  erase: eraseInvitationData,
};
