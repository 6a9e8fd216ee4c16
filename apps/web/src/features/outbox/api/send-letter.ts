import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LetterDetail } from '@kuvert/shared/letters';
import type { SendLetterRequest } from '@kuvert/shared/outbox';
import { outboxEndpoints } from '@kuvert/shared/outbox/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

/** POST /api/outbox/letters: sends now, to every recipient by its channel. */
export function sendLetter(request: SendLetterRequest): Promise<LetterDetail> {
  return apiCall(outboxEndpoints.send, { body: request });
}

export function useSendLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendLetter,
    // The draft it was written in is gone; the letter is in the outbox.
    onSuccess: () => invalidateAreas(queryClient, [...letterDependentAreas, 'drafts']),
  });
}
