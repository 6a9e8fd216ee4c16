import { useMutation } from '@tanstack/react-query';
import type {
  AccountDeletionConfirm,
  AccountDeletionRequest,
} from '@kuvert/shared/account-deletion';
import { accountDeletionEndpoints } from '@kuvert/shared/account-deletion/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/** Step one: the password; the server mails a code. */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: (body: AccountDeletionRequest) =>
      apiCall(accountDeletionEndpoints.request, { body }),
  });
}

/** Step two: the code; every session ends and the account is due in 30 days. */
export function useConfirmDeletion() {
  return useMutation({
    mutationFn: (body: AccountDeletionConfirm) =>
      apiCall(accountDeletionEndpoints.confirm, { body }),
  });
}
