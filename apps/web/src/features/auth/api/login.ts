import type { LoginRequest, SessionResponse } from '@kuvert/shared/auth';
import { apiCall } from '../../../lib/api-client.ts';
import { loadAuthEndpoints } from '../../../lib/contract.ts';
import { startSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { settleLanguageAtLogin } from '../../../lib/user-language.ts';

/** Logs in and starts the local session (SPEC §4). */
export async function login(body: LoginRequest): Promise<SessionResponse> {
  const { authEndpoints } = await loadAuthEndpoints();
  const session = await apiCall(authEndpoints.login, { body });
  startSession(session);
  // One language per person: the one just picked on the login page, else the profile's.
  await settleLanguageAtLogin(session.language);
  return session;
}

export function useLogin() {
  return useAction(login);
}
