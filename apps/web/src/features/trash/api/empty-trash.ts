import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

export function emptyTrash(accountId: string): Promise<void> {
  return apiRequest('/api/trash/empty', { method: 'POST', body: { account_id: accountId } });
}

export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emptyTrash,
    // Letters, folders and uploads: every list and count of any of them.
    onSettled: () => invalidateAreas(queryClient, [...letterDependentAreas, 'uploads']),
  });
}
