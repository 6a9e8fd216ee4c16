import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateMailbox } from './invalidate-mailbox.ts';
import { letterQueryOptions } from './get-letter.ts';

export function markLetterRead(letterId: string): Promise<void> {
  return apiRequest(`/api/letters/${encodeURIComponent(letterId)}/read`, { method: 'POST' });
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
