import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { endSession } from '../../../lib/session.ts';

export function logout(): Promise<void> {
  return apiCall(authEndpoints.logout);
}

/** Ends the session on the server and, whatever it answers, here. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } finally {
        endSession();
        queryClient.clear();
      }
    },
    // Here, not at the call site: the menu that started the logout is gone by now.
    onSettled: () => notify({ type: 'info', message: i18n.t('userMenu.loggedOut') }),
  });
}
