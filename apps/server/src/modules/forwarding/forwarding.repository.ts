import type { Kysely } from 'kysely';
import { lookUpInBatches } from '../../db/lookup-batches.ts';
import type { Database } from '../../db/schema.ts';

export async function findSettingsRow(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('forwarding_settings')
    .select(['user_id', 'scope', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The forwarding settings of those among `userIds` who have it on. */
export async function findSettingsRowsOf(db: Kysely<Database>, userIds: readonly string[]) {
  return lookUpInBatches(userIds, (batch) =>
    db
      .selectFrom('forwarding_settings')
      .select(['user_id', 'scope'])
      .where('user_id', 'in', batch)
      .execute(),
  );
}

export async function findChosenProviderIds(
  db: Kysely<Database>,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('forwarding_providers')
    .select('provider_id')
    .where('user_id', '=', userId)
    .orderBy('provider_id')
    .execute();
  return rows.map((row) => row.provider_id);
}

export async function isProviderChosen(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('forwarding_providers')
    .select('provider_id')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the person's settings and chosen providers (in the caller's transaction). */
export async function writeSettings(
  trx: Kysely<Database>,
  input: { userId: string; scope: string; providerIds: readonly string[]; nowIso: string },
): Promise<void> {
  await trx
    .insertInto('forwarding_settings')
    .values({
      user_id: input.userId,
      scope: input.scope,
      created_at: input.nowIso,
      updated_at: input.nowIso,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ scope: input.scope, updated_at: input.nowIso }),
    )
    .execute();
  await trx.deleteFrom('forwarding_providers').where('user_id', '=', input.userId).execute();
  if (input.providerIds.length > 0) {
    await trx
      .insertInto('forwarding_providers')
      .values(
        input.providerIds.map((providerId) => ({ user_id: input.userId, provider_id: providerId })),
      )
      .execute();
  }
}

/** Turns forwarding off: true when it was on. */
export async function deleteSettings(trx: Kysely<Database>, userId: string): Promise<boolean> {
  await trx.deleteFrom('forwarding_providers').where('user_id', '=', userId).execute();
  const result = await trx
    .deleteFrom('forwarding_settings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function wasForwarded(
  db: Kysely<Database>,
  letterId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('forwarded_letters')
    .select('letter_id')
    .where('letter_id', '=', letterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordForwarded(
  db: Kysely<Database>,
  row: { letter_id: string; user_id: string; outcome: string; sent_at: string },
): Promise<void> {
  await db
    .insertInto('forwarded_letters')
    .values(row)
    .onConflict((conflict) => conflict.columns(['letter_id', 'user_id']).doNothing())
    .execute();
}

export async function findForwardedRowsOfUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('forwarded_letters')
    .select(['letter_id', 'outcome', 'sent_at'])
    .where('user_id', '=', userId)
    .orderBy('sent_at')
    .execute();
}

export async function deleteForwardedRowsOfUser(
  db: Kysely<Database>,
  userId: string,
): Promise<void> {
  await db.deleteFrom('forwarded_letters').where('user_id', '=', userId).execute();
}
