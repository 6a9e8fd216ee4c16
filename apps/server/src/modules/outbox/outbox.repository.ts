import { type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, LetterDraftsTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';

export type LetterDraftRow = Selectable<LetterDraftsTable>;

export async function findDraftsOfAccount(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('letter_drafts as d')
    .selectAll('d')
    .where('d.account_id', '=', accountId)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

/** A draft of an account the caller is a member of, with their role; undefined otherwise. */
export async function findDraftForUser(db: Kysely<Database>, userId: string, draftId: string) {
  return db
    .selectFrom('letter_drafts as d')
    .selectAll('d')
    .select(callerRole(userId, 'd.account_id').as('role'))
    .where('d.id', '=', draftId)
    .where(callerIsMember(userId, 'd.account_id'))
    .executeTakeFirst();
}

export type DraftWithRoleRow = NonNullable<Awaited<ReturnType<typeof findDraftForUser>>>;

export async function insertDraft(
  db: Kysely<Database>,
  row: Insertable<LetterDraftsTable>,
): Promise<void> {
  await db.insertInto('letter_drafts').values(row).execute();
}

/** Saves over the draft if it is still at `version`; answers whether it was. */
export async function updateDraftAtVersion(
  db: Kysely<Database>,
  draftId: string,
  version: number,
  values: { subject: string; content: string; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('letter_drafts')
    .set({ ...values, version: version + 1 })
    .where('id', '=', draftId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the draft of the account; answers whether there was one to delete. */
export async function deleteDraft(
  db: Kysely<Database>,
  accountId: string,
  draftId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('letter_drafts')
    .where('id', '=', draftId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
