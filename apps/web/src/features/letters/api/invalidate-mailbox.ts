import type { QueryClient } from '@tanstack/react-query';
import { letterDependentAreas, mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** After a change to letters: every list, count and card that shows them is refetched. */
export function invalidateMailbox(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    letterDependentAreas.map((area) =>
      queryClient.invalidateQueries({ queryKey: mailboxKeys[area] }),
    ),
  ).then(() => undefined);
}
