import { z } from 'zod';

export const accountRoles = ['owner', 'member', 'viewer'] as const;
export const accountRoleSchema = z.enum(accountRoles);
export type AccountRole = z.infer<typeof accountRoleSchema>;

export const accountKindSchema = z.enum(['personal', 'shared']);
export type AccountKind = z.infer<typeof accountKindSchema>;

/** An account (mailbox) as seen by one of its members. */
export const accountSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: accountKindSchema,
    role: accountRoleSchema,
    /** The caller's own personal mailbox (false for someone else's shared with them). */
    is_own: z.boolean(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountListSchema = z.object({ accounts: z.array(accountSchema) });
export type AccountList = z.infer<typeof accountListSchema>;
