import { sessionResponseSchema } from '@kuvert/shared/auth';
import type { SessionResponse } from '@kuvert/shared/auth';
import { apiRequest } from '../../../lib/http.ts';
import { startSession } from '../../../lib/session.ts';

/** Extends the session; the answer carries the new expiry and CSRF token. */
export async function refreshSession(): Promise<SessionResponse> {
  const session = await apiRequest('/api/auth/refresh', {
    method: 'POST',
    schema: sessionResponseSchema,
  });
  startSession(session);
  return session;
}
