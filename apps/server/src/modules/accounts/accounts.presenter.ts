import { accountKindSchema, accountRoleSchema, type Account } from '@kuvert/shared/accounts';
import type { AccountWithRoleRow } from './accounts.repository.ts';

export function toAccount(row: AccountWithRoleRow, isOwn: boolean): Account {
  return {
    id: row.id,
    name: row.name,
    // The columns carry CHECK constraints; parsing narrows the type without a cast.
    kind: accountKindSchema.parse(row.kind),
    role: accountRoleSchema.parse(row.role),
    is_own: isOwn,
  };
}
