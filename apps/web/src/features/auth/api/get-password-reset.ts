import { useEffect, useState } from 'react';
import type { PasswordResetInfo } from '@kuvert/shared/auth';
import { loadAuthContract } from '../../../lib/contract.ts';
import { apiRequest } from '../../../lib/http.ts';

/** Whether the reset link can still be used; asking does not use it up. */
export async function getPasswordReset(
  token: string,
  signal?: AbortSignal,
): Promise<PasswordResetInfo> {
  const { passwordResetInfoSchema } = await loadAuthContract();
  return apiRequest(`/api/auth/password-reset?${new URLSearchParams({ token }).toString()}`, {
    schema: passwordResetInfoSchema,
    ...(signal ? { signal } : {}),
  });
}

type ResetLinkState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; info: PasswordResetInfo };

type Settled = Exclude<ResetLinkState, { status: 'pending' }> & { token: string };

/** Public page, nothing to cache: a plain effect instead of the signed-in query client. */
export function usePasswordReset(token: string): ResetLinkState {
  const [settled, setSettled] = useState<Settled | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getPasswordReset(token, controller.signal).then(
      (info) => setSettled({ token, status: 'success', info }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ token, status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [token]);
  return settled !== null && settled.token === token ? settled : { status: 'pending' };
}
