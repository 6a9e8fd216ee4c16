import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@kuvert/shared/auth';
import { authEndpoints } from '@kuvert/shared/auth/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';
import { profileQuestionTicket, settleLanguageAtSessionCheck } from '../../../lib/user-language.ts';

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiCall(authEndpoints.session, { signal });
}

/** Keyed by the login token: a new session in another tab means a new check. */
export const sessionQueryOptions = (loginToken: string | null) =>
  queryOptions({
    queryKey: ['auth', 'session', loginToken],
    queryFn: async ({ signal }) => {
      const ticket = profileQuestionTicket();
      const session = await getSession(signal);
      startSession(session);
      // The profile may have changed language on another device since this one last showed;
      // a choice made here while the answer was on its way, or before a reload cut its save
      // short, is newer, and stays.
      await settleLanguageAtSessionCheck(session.language, ticket);
      return session;
    },
    staleTime: Infinity,
    retry: false,
  });

/**
 * After a reload only the expiry survives in storage; this fills in the first name, the
 * accounts and the lifetime, and brings the UI to the profile's language. A 401 ends the
 * session (lib/http).
 */
export function useSessionCheck(loginToken: string | null, enabled: boolean) {
  return useQuery({ ...sessionQueryOptions(loginToken), enabled });
}
