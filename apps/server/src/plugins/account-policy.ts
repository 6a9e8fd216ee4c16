import { accountRoleSchema, type AccountRole } from '@kuvert/shared/accounts';
import { can, type AccountAction } from '@kuvert/shared/roles';
import { AppError } from './app-error.ts';

/*
 * The role policy of packages/shared/roles applied to a role as the database holds it (a
 * string: `callerRole` in db/scopes.ts). Every role check of the server goes through here;
 * the membership itself is the query's (`callerIsMember`) or `assertAccountAction`'s.
 */

/** Whether `role` may do `action`; false for a role the policy does not know. */
export function isAllowed(role: string, action: AccountAction): boolean {
  const parsed = accountRoleSchema.safeParse(role);
  return parsed.success && can(parsed.data, action);
}

/**
 * Throws 403 unless `role` may do `action`. Only call it once membership is established:
 * a non-member must get 404, never 403, so they cannot learn that the object exists.
 */
export function assertCan(role: string, action: AccountAction): AccountRole {
  const parsed = accountRoleSchema.safeParse(role);
  if (!parsed.success || !can(parsed.data, action)) throw new AppError('FORBIDDEN');
  return parsed.data;
}
