import { useFolders } from '../../features/folders/api/get-folders.ts';
import type { MoveTarget } from '../../features/letters/components/move-menu.tsx';
import { useSelectedAccount } from '../../lib/selected-account.ts';

const none: readonly MoveTarget[] = [];

/** The folders letters can be moved to, for the letter lists and pages. */
export function useMoveTargets(): readonly MoveTarget[] {
  const { accountId } = useSelectedAccount();
  return useFolders(accountId).data?.folders ?? none;
}
