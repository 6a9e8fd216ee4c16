import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteFormDraft, findDraftOfAccount } from './form-drafts.repository.ts';

/*
 * A draft as submitting it sees it (the form submissions area): found before, removed in the
 * transaction that writes the submission, so a draft is never both sent and still there.
 */

/** The account's draft, if it is there. */
export async function findDraftToSubmit(
  db: Kysely<Database>,
  draftId: string,
  accountId: string,
): Promise<{ id: string; form_id: string } | undefined> {
  return findDraftOfAccount(db, draftId, accountId);
}

/** Removes the account's submitted draft; pass the transaction that writes the submission. */
export async function removeSubmittedDraft(
  trx: Kysely<Database>,
  draftId: string,
  accountId: string,
): Promise<void> {
  await deleteFormDraft(trx, accountId, draftId);
}
