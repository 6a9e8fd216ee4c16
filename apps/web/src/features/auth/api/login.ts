import type { LoginRequest, SessionResponse } from '@kuvert/shared/auth';
import { loadAuthContract } from '../../../lib/contract.ts';
import { apiRequest } from '../../../lib/http.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { startSession } from '../../../lib/session.ts';
import { readStorage, storageKeys } from '../../../lib/storage.ts';
import { useAction } from '../../../lib/use-action.ts';

/** Logs in and starts the local session (SPEC §4). */
export async function login(body: LoginRequest): Promise<SessionResponse> {
  const { sessionResponseSchema } = await loadAuthContract();
  const session = await apiRequest('/api/auth/login', {
    method: 'POST',
    body,
    schema: sessionResponseSchema,
  });
  startSession(session);
  // A language picked on this device wins; a new device starts in the profile's language.
  if (readStorage(storageKeys.language) === null) await setLanguage(session.language);
  return session;
}

export function useLogin() {
  return useAction(login);
}
