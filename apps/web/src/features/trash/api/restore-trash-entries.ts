import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrashActionResult, TrashSelection } from '@kuvert/shared/trash';
import { trashEndpoints } from '@kuvert/shared/trash/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, trashDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Each entry goes back where it was: a folder with its letters, a file with its items. */
export function restoreTrashEntries(selection: TrashSelection): Promise<TrashActionResult> {
  return apiCall(trashEndpoints.restore, { body: selection });
}

export function useRestoreTrashEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTrashEntries,
    onSettled: () => invalidateAreas(queryClient, trashDependentAreas),
  });
}
