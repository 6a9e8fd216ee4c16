import type { SessionResponse } from '@kuvert/shared/auth';
import { apiCall } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { settleLanguageAtLogin } from '../../../lib/user-language.ts';

/** Loaded on demand: the login page keeps its first-load budget (lib/contract.ts). */
const loadEndpoints = () => import('@kuvert/shared/account-deletion/endpoints');

/** Cancels the deletion with the token the login answered, and starts the session. */
export async function cancelDeletion(token: string): Promise<SessionResponse> {
  const { accountDeletionEndpoints } = await loadEndpoints();
  const session = await apiCall(accountDeletionEndpoints.cancel, { body: { token } });
  startSession(session);
  await settleLanguageAtLogin(session.language);
  return session;
}

export function useCancelDeletion() {
  return useAction(cancelDeletion);
}
