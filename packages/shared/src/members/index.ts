import { z } from 'zod';
import { accountRoleSchema, accountSchema, type AccountRole } from '../accounts/index.ts';
import { emailSchema, newPasswordSchema } from '../auth/index.ts';
import { can } from '../roles/index.ts';
import { shownText } from '../text/index.ts';

/*
 * Members of a mailbox, managed in the portal (DESIGN §9): who belongs to a mailbox, with which
 * role and until which day, the invitations its owners sent, and the rules every change keeps.
 */

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** A day, YYYY-MM-DD: the last day a member has access. */
export const accessUntilSchema = z.iso.date();

export const mailboxNameSchema = shownText().min(1).max(100);

export const createMailboxRequestSchema = z
  .object({ name: mailboxNameSchema })
  .meta({ id: 'CreateMailboxRequest' });
export type CreateMailboxRequest = z.infer<typeof createMailboxRequestSchema>;

export const mailboxMemberSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    role: accountRoleSchema,
    /** The last day with access; null: no end. */
    access_until: accessUntilSchema.nullable(),
    joined_at: z.iso.datetime(),
    is_me: z.boolean(),
    /** False once the end date is past: no access any more (owners still see them). */
    is_current: z.boolean(),
    /** The person a personal mailbox belongs to: they stay its owner. */
    is_holder: z.boolean(),
  })
  .meta({ id: 'MailboxMember' });
export type MailboxMember = z.infer<typeof mailboxMemberSchema>;

export const mailboxInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: accountRoleSchema,
    access_until: accessUntilSchema.nullable(),
    invited_by: z.string(),
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    /** The person must have a verified identity to accept. */
    requires_identity: z.boolean(),
  })
  .meta({ id: 'MailboxInvitation' });
export type MailboxInvitation = z.infer<typeof mailboxInvitationSchema>;

/** A mailbox with its members; pending invitations only for its owners (empty for others). */
export const mailboxMembersSchema = z
  .object({
    account: accountSchema,
    members: z.array(mailboxMemberSchema),
    invitations: z.array(mailboxInvitationSchema),
  })
  .meta({ id: 'MailboxMembers' });
export type MailboxMembers = z.infer<typeof mailboxMembersSchema>;

export const inviteMemberRequestSchema = z
  .object({
    email: emailSchema,
    role: accountRoleSchema,
    access_until: accessUntilSchema.nullable().optional(),
    /** The person must verify their identity (OpenID Connect) before they can accept. */
    requires_identity: z.boolean().optional(),
  })
  .meta({ id: 'InviteMemberRequest' });
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;

/** A change of one member: the role, the end date (null clears it), or both. */
export const changeMemberRequestSchema = z
  .object({
    role: accountRoleSchema.optional(),
    access_until: accessUntilSchema.nullable().optional(),
  })
  .meta({ id: 'ChangeMemberRequest' });
export type ChangeMemberRequest = z.infer<typeof changeMemberRequestSchema>;

export const handOverRequestSchema = z
  .object({ user_id: z.string().min(1).max(128) })
  .meta({ id: 'HandOverRequest' });
export type HandOverRequest = z.infer<typeof handOverRequestSchema>;

export const invitationTokenSchema = z.string().min(1).max(512);

export const invitationTokenQuerySchema = z.object({ token: invitationTokenSchema });

/** What an invitation link offers, read without using it up. */
export const invitationInfoSchema = z
  .object({
    mailbox_name: z.string(),
    inviter_name: z.string(),
    email: z.string(),
    role: accountRoleSchema,
    access_until: accessUntilSchema.nullable(),
    expires_at: z.iso.datetime(),
    /** A Kuvert user has the invited e-mail: they log in to accept, else they sign up here. */
    has_account: z.boolean(),
    /** Accepting needs a verified identity: answers INVITATION_IDENTITY_REQUIRED until then. */
    requires_identity: z.boolean(),
  })
  .meta({ id: 'InvitationInfo' });
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const acceptInvitationRequestSchema = z
  .object({ token: invitationTokenSchema })
  .meta({ id: 'AcceptInvitationRequest' });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** Accepting without a Kuvert account: the e-mailed link verifies the address. */
export const acceptInvitationAsNewUserRequestSchema = z
  .object({
    token: invitationTokenSchema,
    first_name: shownText().min(1).max(100),
    last_name: shownText().max(100),
    password: newPasswordSchema,
  })
  .meta({ id: 'AcceptInvitationAsNewUserRequest' });
export type AcceptInvitationAsNewUserRequest = z.infer<
  typeof acceptInvitationAsNewUserRequestSchema
>;

/**
 * The mailbox joined. `account_id` is null when the invitation requires a verified identity
 * and the new user was made and logged in, but has still to verify before accepting.
 */
export const acceptedInvitationSchema = z
  .object({ account_id: z.string().nullable() })
  .meta({ id: 'AcceptedInvitation' });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** Who may manage members (the role policy's `manage-members`); every member sees them. */
export function canManageMembers(role: AccountRole): boolean {
  return can(role, 'manage-members');
}
