import { z } from 'zod';

/** Days between confirming the deletion and the purge; logging in meanwhile offers to cancel. */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;
/** The mailed code: digits, valid this long, this many wrong tries. */
export const DELETION_CODE_LENGTH = 8;
export const DELETION_CODE_TTL_MINUTES = 15;
export const DELETION_CODE_MAX_ATTEMPTS = 5;

export const accountDeletionRequestSchema = z
  .object({ password: z.string().min(1).max(1024) })
  .meta({ id: 'AccountDeletionRequest' });
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletionConfirmSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${DELETION_CODE_LENGTH}}$`), 'The code has 8 digits'),
  })
  .meta({ id: 'AccountDeletionConfirm' });
export type AccountDeletionConfirm = z.infer<typeof accountDeletionConfirmSchema>;

export const accountDeletionScheduledSchema = z
  .object({
    /** When the account is erased unless the person logs in and cancels. */
    deletion_due_at: z.iso.datetime(),
  })
  .meta({ id: 'AccountDeletionScheduled' });
export type AccountDeletionScheduled = z.infer<typeof accountDeletionScheduledSchema>;

/** `details` of ACCOUNT_DELETION_BLOCKED: each mailbox to hand over first, and to whom. */
export const deletionBlockerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The other current members, any of whom could become its owner. */
    members: z.array(z.object({ user_id: z.string(), name: z.string() })),
  })
  .meta({ id: 'DeletionBlocker' });
export type DeletionBlocker = z.infer<typeof deletionBlockerSchema>;
export const deletionBlockedDetailsSchema = z.object({ mailboxes: z.array(deletionBlockerSchema) });
export type DeletionBlockedDetails = z.infer<typeof deletionBlockedDetailsSchema>;

/** `details` of ACCOUNT_DELETION_PENDING, answered to the right password during the grace period. */
export const deletionPendingDetailsSchema = z.object({
  deletion_due_at: z.iso.datetime(),
  /** Single use, 15 minutes: cancels the deletion (and logs in) without the password again. */
  cancel_token: z.string(),
});
export type DeletionPendingDetails = z.infer<typeof deletionPendingDetailsSchema>;

export const deletionCancelSchema = z
  .object({ token: z.string().min(1).max(256) })
  .meta({ id: 'AccountDeletionCancel' });
export type DeletionCancel = z.infer<typeof deletionCancelSchema>;
