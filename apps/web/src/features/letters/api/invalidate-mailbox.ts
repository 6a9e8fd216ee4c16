import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

/** After a change to letters: every list, count and card that shows them is refetched. */
export function invalidateMailbox(queryClient: QueryClient): Promise<void> {
  return invalidateAreas(queryClient, letterDependentAreas);
}
