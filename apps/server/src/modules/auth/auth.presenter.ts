import type { Account } from '@kuvert/shared/accounts';
import type { SessionResponse } from '@kuvert/shared/auth';
import type { RequestSession } from '../../plugins/session.ts';
import { userLanguage, type UserRow } from '../users/users.service.ts';

/**
 * The client computes its expiry as `created_at + expires_in`, so `created_at` is the moment
 * of this answer and `expires_in` what is left of the session from then.
 */
export function toSessionResponse(input: {
  now: Date;
  session: RequestSession;
  user: UserRow;
  accounts: Account[];
}): SessionResponse {
  const expiresAt = Math.min(
    input.session.idleExpiresAt.getTime(),
    input.session.absoluteExpiresAt.getTime(),
  );
  return {
    created_at: input.now.toISOString(),
    expires_in: Math.max(1, Math.floor((expiresAt - input.now.getTime()) / 1000)),
    csrf_token: input.session.csrfToken,
    login_token: input.session.id,
    first_name: input.user.first_name,
    language: userLanguage(input.user),
    accounts: input.accounts,
  };
}
