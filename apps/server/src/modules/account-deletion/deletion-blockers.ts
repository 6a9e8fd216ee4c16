import type { Kysely } from 'kysely';
import type { DeletionBlocker } from '@kuvert/shared/account-deletion';
import type { Database } from '../../db/schema.ts';
import { listMemberships } from '../accounts/account-members.service.ts';
import { listAccountsForUser } from '../accounts/accounts.service.ts';
import { findUserNames } from '../users/user-names.service.ts';

export interface DeletionScope {
  /** Mailboxes the person alone owns while others use them: hand them over first. */
  blockers: DeletionBlocker[];
  /** Mailboxes that go with the person: their own, and shared ones nobody else uses. */
  erasedAccountIds: string[];
}

/**
 * What deleting the person means for their mailboxes. Their own personal mailbox goes with
 * them (members they let in lose it). A mailbox of which they are the only owner while others
 * use it blocks the deletion: one of those others can become its owner (members hand-over).
 */
export async function findDeletionScope(
  db: Kysely<Database>,
  userId: string,
): Promise<DeletionScope> {
  const accounts = await listAccountsForUser(db, userId);
  const blockers: DeletionBlocker[] = [];
  const erasedAccountIds: string[] = [];
  for (const account of accounts) {
    if (account.is_own) {
      erasedAccountIds.push(account.id);
      continue;
    }
    const current = (await listMemberships(db, account.id)).filter((row) => row.is_current);
    const others = current.filter((row) => row.user_id !== userId);
    if (others.length === 0) {
      if (account.kind === 'shared') erasedAccountIds.push(account.id);
      continue;
    }
    const otherOwners = others.filter((row) => row.role === 'owner');
    if (account.role !== 'owner' || otherOwners.length > 0) continue;
    const names = await findUserNames(
      db,
      others.map((row) => row.user_id),
    );
    blockers.push({
      id: account.id,
      name: account.name,
      members: others.map((row) => {
        const user = names.get(row.user_id);
        const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : '';
        return { user_id: row.user_id, name };
      }),
    });
  }
  return { blockers, erasedAccountIds };
}
