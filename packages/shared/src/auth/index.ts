import { z } from 'zod';
import { shownText } from '../text/index.ts';
import { accountSchema } from '../accounts/index.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits/index.ts';

import { languages } from '../constants/index.ts';

export { languages };
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());

/** A new password; the server also rejects one equal to the e-mail address. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Answer of login and of session refresh. The session secret itself travels only in the
 * HttpOnly cookie; `login_token` is the session's public id and authenticates nothing.
 */
export const sessionResponseSchema = z
  .object({
    created_at: z.iso.datetime(),
    expires_in: z.number().int().positive().describe('Seconds from created_at until expiry'),
    csrf_token: z.string(),
    login_token: z.string(),
    first_name: z.string(),
    language: languageSchema,
    accounts: z.array(accountSchema),
  })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const passwordResetRequestSchema = z
  .object({ email: emailSchema })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z
  .object({
    token: z.string().min(1).max(512),
    password: newPasswordSchema,
  })
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

export const tokenQuerySchema = z.object({ token: z.string().min(1).max(512) });

/** A password reset link that can still be used, and for which address. */
export const passwordResetInfoSchema = z
  .object({ email: z.string() })
  .meta({ id: 'PasswordResetInfo' });
export type PasswordResetInfo = z.infer<typeof passwordResetInfoSchema>;

/** What an e-mail verification link is for, read without using the token up. */
export const emailVerificationInfoSchema = z
  .object({
    email: z.string(),
    purpose: z.enum(['invitation', 'email_change', 'signup']),
    needs_password: z.boolean(),
    /** The names the invitation was made with, to start the form with (invitations only). */
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
  })
  .meta({ id: 'EmailVerificationInfo' });
export type EmailVerificationInfo = z.infer<typeof emailVerificationInfoSchema>;

export const emailVerificationConfirmSchema = z
  .object({
    token: z.string().min(1).max(512),
    password: newPasswordSchema.optional(),
    first_name: shownText().min(1).max(100).optional(),
    last_name: shownText().max(100).optional(),
  })
  .meta({ id: 'EmailVerificationConfirm' });
export type EmailVerificationConfirm = z.infer<typeof emailVerificationConfirmSchema>;
