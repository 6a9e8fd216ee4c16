import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashActionResultSchema } from '@kuvert/shared/trash';
import type { TrashActionResult, TrashSelection } from '@kuvert/shared/trash';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, trashDependentAreas } from '../../../lib/mailbox-keys.ts';

/** For good: with a folder its letters, with a file its items, and documents nobody else uses. */
export function deleteTrashEntries(selection: TrashSelection): Promise<TrashActionResult> {
  return apiRequest('/api/trash/delete', {
    method: 'POST',
    body: selection,
    schema: trashActionResultSchema,
  });
}

export function useDeleteTrashEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrashEntries,
    onSettled: () => invalidateAreas(queryClient, trashDependentAreas),
  });
}
