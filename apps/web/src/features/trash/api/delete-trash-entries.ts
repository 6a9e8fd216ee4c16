import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrashActionResult, TrashSelection } from '@kuvert/shared/trash';
import { trashEndpoints } from '@kuvert/shared/trash/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, trashDependentAreas } from '../../../lib/mailbox-keys.ts';

/** For good: with a folder its letters, with a file its items, and documents nobody else uses. */
export function deleteTrashEntries(selection: TrashSelection): Promise<TrashActionResult> {
  return apiCall(trashEndpoints.delete, { body: selection });
}

export function useDeleteTrashEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrashEntries,
    onSettled: () => invalidateAreas(queryClient, trashDependentAreas),
  });
}
