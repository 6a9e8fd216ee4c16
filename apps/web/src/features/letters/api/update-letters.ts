import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type {
  BulkLetterRequest,
  BulkLetterResult,
  LetterPage,
  LetterSummary,
} from '@kuvert/shared/letters';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { letterListsKey, updateLettersInPages } from './get-letters.ts';
import type { LetterFilter } from './get-letters.ts';
import { invalidateMailbox } from './invalidate-mailbox.ts';

export function updateLetters(body: BulkLetterRequest): Promise<BulkLetterResult> {
  return apiCall(letterEndpoints.bulk, { body });
}

type Change = (letter: LetterSummary, filter: LetterFilter) => LetterSummary | null;

/**
 * What the lists will look like after the action, applied before the server answers where
 * that is safe to guess: read state, and letters leaving a list (trash, restore, delete).
 * Moves are left to the refetch: whether the inbox keeps filed letters is the server's call.
 */
export function optimisticChange(request: BulkLetterRequest): Change | null {
  switch (request.action) {
    case 'mark_read':
      return (letter) => ({ ...letter, is_read: true });
    case 'mark_unread':
      return (letter) => ({ ...letter, is_read: false });
    case 'trash':
      return (letter, filter) => (filter.view === 'trash' ? letter : null);
    case 'restore':
    case 'delete_forever':
      return (letter, filter) => (filter.view === 'trash' ? null : letter);
    case 'move':
      return null;
  }
}

function isLetterFilter(value: unknown): value is LetterFilter {
  return typeof value === 'object' && value !== null && 'view' in value;
}

/** Bulk actions on selected letters; lists change at once, the server's truth follows. */
export function useUpdateLetters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLetters,
    onMutate: async (request) => {
      const change = optimisticChange(request);
      if (change === null) return;
      await queryClient.cancelQueries({ queryKey: letterListsKey });
      const ids = new Set(request.letter_ids);
      const lists = queryClient.getQueriesData<InfiniteData<LetterPage>>({
        queryKey: letterListsKey,
      });
      for (const [key, data] of lists) {
        const filter = key.at(-1);
        if (!isLetterFilter(filter)) continue;
        queryClient.setQueryData(
          key,
          updateLettersInPages(data, ids, (letter) => change(letter, filter)),
        );
      }
    },
    // Right or wrong, the server's state replaces the guess.
    onSettled: () => invalidateMailbox(queryClient),
  });
}
