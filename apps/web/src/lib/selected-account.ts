import type { AccountRole } from '@kuvert/shared/accounts';
import { can, type AccountAction } from '@kuvert/shared/roles';
import { useSession } from './session.ts';

/** Whether the user may do `action` in the mailbox; false while their role is unknown. */
export type AccountCan = (action: AccountAction) => boolean;

export interface AccountAccess {
  /** Null while the object or the session loads. */
  role: AccountRole | null;
  can: AccountCan;
}

export interface SelectedAccount extends AccountAccess {
  accountId: string | null;
}

/** Asks the shared role policy, the one the server refuses with. */
function allowedFor(role: AccountRole | null): AccountCan {
  return (action) => role !== null && can(role, action);
}

function useRoleIn(accountId: string | null | undefined): AccountRole | null {
  const { accounts } = useSession();
  return accounts.find((candidate) => candidate.id === accountId)?.role ?? null;
}

/**
 * What the user may do in the mailbox an object belongs to: a letter, an upload or a contact
 * of a mailbox shared with them is theirs to change only as that mailbox's role allows,
 * whichever mailbox the switcher shows.
 */
export function useAccountRole(accountId: string | undefined): AccountAccess {
  const role = useRoleIn(accountId);
  return { role, can: allowedFor(role) };
}

/** Whether the user may do `action` in the mailbox `accountId`. */
export function useCan(accountId: string | null | undefined, action: AccountAction): boolean {
  return allowedFor(useRoleIn(accountId))(action);
}

/** The mailbox the portal shows now, and what the user may do in it. */
export function useSelectedAccount(): SelectedAccount {
  const { selectedAccountId } = useSession();
  const role = useRoleIn(selectedAccountId);
  return { accountId: selectedAccountId, role, can: allowedFor(role) };
}
