import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashEndpoints } from '@kuvert/shared/trash/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, trashDependentAreas } from '../../../lib/mailbox-keys.ts';

export function emptyTrash(accountId: string): Promise<void> {
  return apiCall(trashEndpoints.empty, { body: { account_id: accountId } });
}

export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyTrash,
    // Every kind of thing: every list and count of any of them.
    onSettled: () => invalidateAreas(queryClient, trashDependentAreas),
  });
}
