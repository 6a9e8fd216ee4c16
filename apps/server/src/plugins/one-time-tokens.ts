import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { addSeconds } from '../clock.ts';
import { newId, newSecret } from '../db/ids.ts';
import type { Database, OneTimeTokensTable } from '../db/schema.ts';

/** `onboarding`: the operator's link with which a person verifies their identity, then sets a password. */
export type TokenPurpose =
  | 'password_reset'
  | 'email_verification'
  | 'onboarding'
  /** Answered to the right password while the account awaits deletion: cancels it. */
  | 'deletion_cancel';
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;

type TokenContext = Pick<FastifyInstance, 'clock'>;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Issues a 256-bit single-use token; only its hash is stored. Older unused tokens of the
 * same purpose stop working, so only the latest mailed link is valid.
 */
export async function issueOneTimeToken(
  app: TokenContext,
  db: Kysely<Database>,
  input: { userId: string; purpose: TokenPurpose; email: string; ttlSeconds: number },
): Promise<string> {
  const now = app.clock.now();
  const token = newSecret(32);
  await db
    .deleteFrom('one_time_tokens')
    .where('user_id', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_tokens')
    .values({
      id: newId(now.getTime()),
      token_hash: hashToken(token),
      user_id: input.userId,
      purpose: input.purpose,
      email: input.email,
      created_at: now.toISOString(),
      expires_at: addSeconds(now, input.ttlSeconds).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/** The unused, unexpired token of that purpose, without using it up. */
export async function findUsableToken(
  app: TokenContext,
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
): Promise<OneTimeTokenRow | undefined> {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', app.clock.now().toISOString())
    .executeTakeFirst();
}

/** Marks the token used; false when another request used it first. */
export async function consumeToken(
  app: TokenContext,
  db: Kysely<Database>,
  tokenId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: app.clock.now().toISOString() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
