import { useEffect, useState } from 'react';
import type { EmailVerificationInfo } from '@kuvert/shared/auth';
import { loadAuthContract } from '../../../lib/contract.ts';
import { apiRequest } from '../../../lib/http.ts';

/** Reads what the link is for without using the token up. */
export async function getEmailVerification(
  token: string,
  signal?: AbortSignal,
): Promise<EmailVerificationInfo> {
  const { emailVerificationInfoSchema } = await loadAuthContract();
  return apiRequest(`/api/auth/email-verification?${new URLSearchParams({ token }).toString()}`, {
    schema: emailVerificationInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

type VerificationState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; info: EmailVerificationInfo };

type Settled = Exclude<VerificationState, { status: 'pending' }> & { token: string };

/** Public page, nothing to cache: a plain effect instead of the signed-in query client. */
export function useEmailVerification(token: string): VerificationState {
  const [settled, setSettled] = useState<Settled | null>(null);
  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    getEmailVerification(token, controller.signal).then(
      (info) => setSettled({ token, status: 'success', info }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ token, status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [token]);
  // An answer for an earlier token does not count: still pending for this one.
  return settled !== null && settled.token === token ? settled : { status: 'pending' };
}
