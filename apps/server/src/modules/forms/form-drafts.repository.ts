import type { Insertable, Kysely } from 'kysely';
import type { Database, FormDraftsTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';

/** Drafts without their author's name, which is the users area's. */
function draftsWithAuthor(db: Kysely<Database>) {
  return db.selectFrom('form_drafts as d').selectAll('d');
}

/** The account's form drafts, the latest saved first. */
export async function findFormDraftsOfAccount(db: Kysely<Database>, accountId: string) {
  return draftsWithAuthor(db)
    .where('d.account_id', '=', accountId)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id', 'desc')
    .execute();
}

export type FormDraftTableRow = Awaited<ReturnType<typeof findFormDraftsOfAccount>>[number];

/** A draft of an account the caller is a member of, with their role; undefined otherwise. */
export async function findFormDraftForUser(db: Kysely<Database>, userId: string, draftId: string) {
  return draftsWithAuthor(db)
    .select(callerRole(userId, 'd.account_id').as('role'))
    .where('d.id', '=', draftId)
    .where(callerIsMember(userId, 'd.account_id'))
    .executeTakeFirst();
}

export async function insertFormDraft(
  db: Kysely<Database>,
  row: Insertable<FormDraftsTable>,
): Promise<void> {
  await db.insertInto('form_drafts').values(row).execute();
}

/**
 * Saves over the draft if it is still at `version`; answers whether it was. One statement:
 * of parallel saves from the same version, exactly one finds it there.
 */
export async function updateFormDraftAtVersion(
  db: Kysely<Database>,
  draftId: string,
  version: number,
  values: { data: string; form_version: number; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('form_drafts')
    .set({ ...values, version: version + 1 })
    .where('id', '=', draftId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteFormDraft(
  db: Kysely<Database>,
  accountId: string,
  draftId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('form_drafts')
    .where('id', '=', draftId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The account's draft, if it is there. */
export async function findDraftOfAccount(
  db: Kysely<Database>,
  draftId: string,
  accountId: string,
): Promise<{ id: string; form_id: string } | undefined> {
  return db
    .selectFrom('form_drafts')
    .select(['id', 'form_id'])
    .where('id', '=', draftId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}
