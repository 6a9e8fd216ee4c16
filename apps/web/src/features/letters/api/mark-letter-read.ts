import { useMutation, useQueryClient } from '@tanstack/react-query';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateMailbox } from './invalidate-mailbox.ts';
import { letterQueryOptions } from './get-letter.ts';

export function markLetterRead(letterId: string): Promise<void> {
  return apiCall(letterEndpoints.markRead, { params: { id: letterId } });
}

export function useMarkLetterRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markLetterRead,
    onSuccess: (_, letterId) => {
      queryClient.setQueryData(letterQueryOptions(letterId).queryKey, (letter) =>
        letter ? { ...letter, is_read: true } : letter,
      );
      return invalidateMailbox(queryClient);
    },
  });
}
