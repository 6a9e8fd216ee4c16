import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trashActionResultSchema } from '@kuvert/shared/trash';
import type { TrashActionResult, TrashSelection } from '@kuvert/shared/trash';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, trashDependentAreas } from '../../../lib/mailbox-keys.ts';

/** Each entry goes back where it was: a folder with its letters, a file with its items. */
export function restoreTrashEntries(selection: TrashSelection): Promise<TrashActionResult> {
  return apiRequest('/api/trash/restore', {
    method: 'POST',
    body: selection,
    schema: trashActionResultSchema,
  });
}

export function useRestoreTrashEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTrashEntries,
    onSettled: () => invalidateAreas(queryClient, trashDependentAreas),
  });
}
