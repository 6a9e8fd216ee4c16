import type { LoginRequest, SessionResponse } from '@kuvert/shared/auth';
import { loadAuthContract } from '../../../lib/contract.ts';
import { apiRequest } from '../../../lib/http.ts';
import { startSession } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';
import { settleLanguageAtLogin } from '../../../lib/user-language.ts';

/** Logs in and starts the local session (SPEC §4). */
export async function login(body: LoginRequest): Promise<SessionResponse> {
  const { sessionResponseSchema } = await loadAuthContract();
  const session = await apiRequest('/api/auth/login', {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
  });
  startSession(session);
  // One language per person: the one just picked on the login page, else the profile's.
  await settleLanguageAtLogin(session.language);
  return session;
}

export function useLogin() {
  return useAction(login);
}
