import { z } from 'zod';
import { shownText } from '../text/index.ts';
import { languageSchema, newPasswordSchema } from '../auth/index.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../limits/index.ts';
import { checkPostcode, postalAddressFieldsSchema } from '../postal/index.ts';

/**
 * The user's own postal address: the return line of the letters they have printed, and what
 * forms prefill as `profile.address…`. All four parts or none.
 */
export const profileAddressSchema = postalAddressFieldsSchema
  .pick({ street: true, postcode: true, city: true, country: true })
  .superRefine(checkPostcode)
  .meta({ id: 'ProfileAddress' });
export type ProfileAddress = z.infer<typeof profileAddressSchema>;

export const profileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    first_name: z.string(),
    last_name: z.string(),
    language: languageSchema,
    address: profileAddressSchema.nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z
  .object({
    first_name: shownText().min(1).max(NAME_MAX_LENGTH),
    last_name: shownText().max(NAME_MAX_LENGTH),
    language: languageSchema,
    /** Left out: unchanged; null removes the address. */
    address: profileAddressSchema.nullable().optional(),
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/**
 * Only the fields named change: the header's language switch sends `{ language }` alone, and
 * the profile form sends the language only when the user changed it there.
 */
export const patchProfileRequestSchema = updateProfileRequestSchema
  .partial()
  .meta({ id: 'PatchProfileRequest' });
export type PatchProfileRequest = z.infer<typeof patchProfileRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    new_password: newPasswordSchema,
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** One active login session of the user; `id` is the session's login token (public id). */
export const activeSessionSchema = z
  .object({
    id: z.string(),
    created_at: z.iso.datetime(),
    last_seen_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    user_agent: z.string(),
    ip_address: z.string(),
    is_current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const activeSessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

export const auditEventTypes = [
  'login_succeeded',
  'login_failed',
  'logout',
  'password_changed',
  'password_reset',
  'session_revoked',
  'other_sessions_revoked',
  'email_verified',
  'profile_updated',
  'payment_started',
  'invoice_marked_paid',
  'document_signed',
  'signature_declined',
  'mailbox_created',
  'mailbox_member_invited',
  'mailbox_invitation_revoked',
  'mailbox_invitation_accepted',
  'mailbox_member_changed',
  'mailbox_member_removed',
  'mailbox_ownership_handed_over',
  'mailbox_member_left',
  'identity_verified',
  'account_deletion_requested',
  'account_deletion_cancelled',
  'email_change_requested',
  'email_change_cancelled',
  'email_changed',
  'data_export_requested',
  'data_export_downloaded',
  'access_token_created',
  'access_token_revoked',
  'calendar_feed_created',
  'calendar_feed_revoked',
  'forwarding_enabled',
  'forwarding_disabled',
] as const;

/** Which addresses a change of the login's e-mail address was about. */
export const auditEmailChangeSchema = z
  .object({ from: z.string(), to: z.string() })
  .meta({ id: 'AuditEmailChange' });
export type AuditEmailChange = z.infer<typeof auditEmailChangeSchema>;

/** What an event about a mailbox's members was about: the mailbox, and whom it concerned. */
export const auditEventDetailsSchema = z
  .object({
    mailbox: z.string(),
    /** Who did it, when it was not the person whose log this is. */
    by: z.string().optional(),
    /** Whom it concerned: a member's name, or the invited e-mail. */
    member: z.string().optional(),
    role: z.enum(['owner', 'member', 'viewer']).optional(),
    access_until: z.string().nullable().optional(),
  })
  .meta({ id: 'AuditEventDetails' });
export type AuditEventDetails = z.infer<typeof auditEventDetailsSchema>;

export const auditEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(auditEventTypes),
    created_at: z.iso.datetime(),
    ip_address: z.string(),
    user_agent: z.string(),
    /** Set for events about a mailbox's members. */
    details: auditEventDetailsSchema.optional(),
    /** Set for events about a change of the login's e-mail address. */
    email_change: auditEmailChangeSchema.optional(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventListSchema = z.object({ events: z.array(auditEventSchema) });
export type AuditEventList = z.infer<typeof auditEventListSchema>;

/** What the user wants to hear about by e-mail (DESIGN §2, profile). */
export const notificationPreferencesSchema = z
  .object({
    email_on_new_letter: z.boolean(),
    email_due_date_reminders: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
