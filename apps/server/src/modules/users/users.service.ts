import type { FastifyInstance } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { languageSchema, type Language } from '@kuvert/shared/auth';
import { newId } from '../../db/ids.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { emailVerificationMail, invitationMail } from '../../plugins/mail-templates.ts';
import { issueOneTimeToken } from '../../plugins/one-time-tokens.ts';
import { hashPassword } from '../../plugins/passwords.ts';
import { createAccount } from '../accounts/accounts.service.ts';
import {
  countUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from './users.repository.ts';

export type { UserRow };

const INVITATION_TTL_SECONDS = 7 * 24 * 3600;
const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 3600;

export interface NewUserInput {
  email: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function userLanguage(user: Pick<UserRow, 'language'>): Language {
  const parsed = languageSchema.safeParse(user.language);
  return parsed.success ? parsed.data : 'en';
}

export function fullName(user: Pick<UserRow, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

export async function getUserByEmail(
  app: Pick<FastifyInstance, 'db'>,
  email: string,
): Promise<UserRow | undefined> {
  return findUserByEmail(app.db, normaliseEmail(email));
}

export async function getUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

export async function hasUsers(app: Pick<FastifyInstance, 'db'>): Promise<boolean> {
  return (await countUsers(app.db)) > 0;
}

/** Changes user columns; `updated_at` is set here so no caller forgets it. */
export async function changeUser(
  app: Pick<FastifyInstance, 'clock'>,
  db: Kysely<Database>,
  userId: string,
  changes: Updateable<UsersTable>,
): Promise<UserRow> {
  const user = await updateUser(db, userId, {
    ...changes,
    updated_at: app.clock.now().toISOString(),
  });
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

/**
 * A user with their personal account; with a password when given (demo, tests, CLI), or with
 * the hash of one (tests, which hash at a lower cost).
 */
export async function createUser(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  input: NewUserInput & { password?: string; passwordHash?: string; isEmailVerified?: boolean },
): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const passwordHash =
    input.passwordHash ??
    (input.password === undefined ? null : await hashPassword(input.password));
  const now = app.clock.now();
  const user: UserRow = {
    id: newId(now.getTime()),
    email,
    email_verified_at: input.isEmailVerified ? now.toISOString() : null,
    password_hash: passwordHash,
    first_name: input.firstName?.trim() ?? '',
    last_name: input.lastName?.trim() ?? '',
    language: input.language ?? 'en',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    disabled_at: null,
    email_on_new_letter: 1,
    email_due_date_reminders: 1,
    address_street: null,
    address_postcode: null,
    address_city: null,
    address_country: null,
  };
  await app.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new AppError('EMAIL_TAKEN');
    await insertUser(trx, user);
    await createAccount(app, trx, {
      name: fullName(user) || email,
      kind: 'personal',
      userId: user.id,
    });
  });
  return user;
}

export interface InvitationResult {
  user: UserRow;
  /** True when the user existed unverified and got a fresh link. */
  isResent: boolean;
}

/**
 * Invites a person: creates the user without a password (or re-sends to one who has not
 * accepted yet) and mails a link to `/verify/email`, where they choose a password.
 */
export async function inviteUser(
  app: Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'mailer'>,
  input: NewUserInput,
): Promise<InvitationResult> {
  const existing = await getUserByEmail(app, input.email);
  if (existing?.email_verified_at) throw new AppError('EMAIL_TAKEN');
  const user = existing ?? (await createUser(app, input));
  const token = await issueOneTimeToken(app, app.db, {
    userId: user.id,
    purpose: 'email_verification',
    email: user.email,
    ttlSeconds: INVITATION_TTL_SECONDS,
  });
  await app.mailer.send(
    invitationMail({
      to: user.email,
      language: userLanguage(user),
      firstName: user.first_name,
      link: `${app.config.publicUrl}/verify/email?token=${encodeURIComponent(token)}`,
    }),
  );
  return { user, isResent: existing !== undefined };
}

/** Mails a link that confirms `email` for the user (a new address, or the current one). */
export async function sendEmailVerification(
  app: Pick<FastifyInstance, 'db' | 'clock' | 'config' | 'mailer'>,
  user: UserRow,
  email: string,
): Promise<void> {
  const token = await issueOneTimeToken(app, app.db, {
    userId: user.id,
    purpose: 'email_verification',
    email: normaliseEmail(email),
    ttlSeconds: EMAIL_VERIFICATION_TTL_SECONDS,
  });
  await app.mailer.send(
    emailVerificationMail({
      to: normaliseEmail(email),
      language: userLanguage(user),
      firstName: user.first_name,
      link: `${app.config.publicUrl}/verify/email?token=${encodeURIComponent(token)}`,
    }),
  );
}
