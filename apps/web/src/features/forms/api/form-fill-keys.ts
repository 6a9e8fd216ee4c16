import type { QueryClient } from '@tanstack/react-query';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

/** Keys of what a page filling out a form loads once: the form at a version, the draft. */
export const formFillKeys = {
  detail: [...mailboxKeys.forms, 'fill', 'detail'],
  draft: [...mailboxKeys.forms, 'fill', 'draft'],
} as const;

/**
 * After a save or a submission: the lists of forms, drafts and submissions show it. What the
 * page being filled out loaded is left alone (it is loaded once; a refetch would only race
 * with what is typed, and a sent draft is gone).
 */
export function refreshFormLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: mailboxKeys.forms,
    predicate: (query) => query.queryKey[1] !== 'fill',
  });
}
