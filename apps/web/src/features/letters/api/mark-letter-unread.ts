import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateMailbox } from './invalidate-mailbox.ts';
import { letterQueryOptions } from './get-letter.ts';

export function markLetterUnread(letterId: string): Promise<void> {
  return apiRequest(`/api/letters/${encodeURIComponent(letterId)}/unread`, { method: 'POST' });
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
