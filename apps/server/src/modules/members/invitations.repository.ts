import type { Kysely, Selectable } from 'kysely';
import type { AccountInvitationsTable, Database } from '../../db/schema.ts';

export type InvitationRow = Selectable<AccountInvitationsTable>;

export async function insertInvitation(db: Kysely<Database>, row: InvitationRow): Promise<void> {
  await db.insertInto('account_invitations').values(row).execute();
}

/** The invitation with this token hash, whatever its state. */
export async function findInvitationByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('account_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The account's invitations that are neither accepted, revoked nor expired, newest first. */
export async function findPendingInvitations(
  db: Kysely<Database>,
  accountId: string,
  now: string,
): Promise<InvitationRow[]> {
  return db
    .selectFrom('account_invitations')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Withdraws one pending invitation; false when there was none to withdraw. */
export async function revokeInvitationRow(
  db: Kysely<Database>,
  input: { accountId: string; invitationId: string; now: string },
): Promise<InvitationRow | undefined> {
  const row = await db
    .selectFrom('account_invitations')
    .selectAll()
    .where('id', '=', input.invitationId)
    .where('account_id', '=', input.accountId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('account_invitations')
    .set({ revoked_at: input.now })
    .where('id', '=', row.id)
    .execute();
  return row;
}

/** A new invitation replaces the pending ones to the same address for the same mailbox. */
export async function revokePendingInvitationsTo(
  db: Kysely<Database>,
  input: { accountId: string; email: string; now: string },
): Promise<void> {
  await db
    .updateTable('account_invitations')
    .set({ revoked_at: input.now })
    .where('account_id', '=', input.accountId)
    .where('email', '=', input.email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Marks the invitation accepted; false when another request used or revoked it first. */
export async function claimInvitation(
  db: Kysely<Database>,
  input: { invitationId: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('account_invitations')
    .set({ accepted_at: input.now })
    .where('id', '=', input.invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a claimed invitation back when what it was claimed for failed. */
export async function unclaimInvitation(db: Kysely<Database>, invitationId: string): Promise<void> {
  await db
    .updateTable('account_invitations')
    .set({ accepted_at: null, accepted_by: null })
    .where('id', '=', invitationId)
    .execute();
}

export async function setInvitationAcceptedBy(
  db: Kysely<Database>,
  invitationId: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('account_invitations')
    .set({ accepted_by: userId })
    .where('id', '=', invitationId)
    .execute();
}
