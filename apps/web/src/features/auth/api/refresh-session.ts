import type { SessionResponse } from '@kuvert/shared/auth';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

/** Extends the session; the answer carries the new expiry and CSRF token. */
export async function refreshSession(): Promise<SessionResponse> {
  const session = await apiCall(authEndpoints.refresh);
  startSession(session);
  return session;
}
