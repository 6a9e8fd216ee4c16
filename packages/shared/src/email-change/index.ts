import { z } from 'zod';
import { emailSchema, tokenQuerySchema } from '../auth/index.ts';
import { PASSWORD_MAX_LENGTH } from '../limits/index.ts';

/*
 * Changing the e-mail address of a login (issue 25): asked for with the current password,
 * confirmed by a link to the new address, stoppable by a link to the old one while pending.
 */

export const emailChangeRequestSchema = z
  .object({
    new_email: emailSchema,
    current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'EmailChangeRequest' });
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** The change waiting for the link to the new address to be followed. */
export const pendingEmailChangeSchema = z
  .object({
    new_email: z.string(),
    requested_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: 'PendingEmailChange' });
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;

export const emailChangeStatusSchema = z
  .object({ pending: pendingEmailChangeSchema.nullable() })
  .meta({ id: 'EmailChangeStatus' });
export type EmailChangeStatus = z.infer<typeof emailChangeStatusSchema>;

/** A mailed link's token: the one to the new address (confirm) or to the old one (cancel). */
export const emailChangeTokenSchema = tokenQuerySchema;
export type EmailChangeToken = z.infer<typeof emailChangeTokenSchema>;

/** What a mailed link is about, read before the button is pressed (reading uses nothing up). */
export const emailChangeLinkInfoSchema = z
  .object({
    new_email: z.string(),
    expires_at: z.iso.datetime(),
  })
  .meta({ id: 'EmailChangeLinkInfo' });
export type EmailChangeLinkInfo = z.infer<typeof emailChangeLinkInfoSchema>;

/** What the confirm link did: the address the login now has. */
export const emailChangeConfirmedSchema = z
  .object({ email: z.string() })
  .meta({ id: 'EmailChangeConfirmed' });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;
