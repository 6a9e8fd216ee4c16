import type { AccountRole } from '@kuvert/shared/accounts';
import { useSession } from './session.ts';

export interface SelectedAccount {
  accountId: string | null;
  role: AccountRole | null;
  /** Viewers may read the mailbox but not change it. */
  canWrite: boolean;
}

/** The mailbox the portal shows now, and what the user may do in it. */
export function useSelectedAccount(): SelectedAccount {
  const { accounts, selectedAccountId } = useSession();
  const account = accounts.find((candidate) => candidate.id === selectedAccountId);
  const role = account?.role ?? null;
  return { accountId: selectedAccountId, role, canWrite: role !== null && role !== 'viewer' };
}
