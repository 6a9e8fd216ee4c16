import { useMutation, useQueryClient } from '@tanstack/react-query';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateMailbox } from './invalidate-mailbox.ts';
import { letterQueryOptions } from './get-letter.ts';

export function markLetterUnread(letterId: string): Promise<void> {
  return apiCall(letterEndpoints.markUnread, { params: { id: letterId } });
}

export function useMarkLetterUnread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLetterUnread,
    onSuccess: (_, letterId) => {
      queryClient.setQueryData(letterQueryOptions(letterId).queryKey, (letter) =>
        letter ? { ...letter, is_read: false } : letter,
      );
      return invalidateMailbox(queryClient);
    },
  });
}
