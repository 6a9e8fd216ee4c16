import type { AccountRole } from '@kuvert/shared/accounts';
import { useSession } from './session.ts';

export interface SelectedAccount {
  accountId: string | null;
  role: AccountRole | null;
  /** Viewers may read the mailbox but not change it. */
  canWrite: boolean;
}

/**
 * What the user may do in the mailbox an object belongs to: a letter, an upload or a contact
 * of a mailbox shared with them is theirs to change only as that mailbox's role allows,
 * whichever mailbox the switcher shows. Role null while the object or the session loads.
 */
export function useAccountRole(accountId: string | undefined): {
  role: AccountRole | null;
  canWrite: boolean;
} {
  const { accounts } = useSession();
  const role = accounts.find((candidate) => candidate.id === accountId)?.role ?? null;
  return { role, canWrite: role !== null && role !== 'viewer' };
}

/** The mailbox the portal shows now, and what the user may do in it. */
export function useSelectedAccount(): SelectedAccount {
  const { accounts, selectedAccountId } = useSession();
  const account = accounts.find((candidate) => candidate.id === selectedAccountId);
  const role = account?.role ?? null;
  return { accountId: selectedAccountId, role, canWrite: role !== null && role !== 'viewer' };
}
