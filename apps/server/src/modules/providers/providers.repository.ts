import type { Kysely, Selectable } from 'kysely';
import type { Database, ProviderApiKeysTable, ProvidersTable } from '../../db/schema.ts';

export type ProviderRow = Selectable<ProvidersTable>;
export type ProviderApiKeyRow = Selectable<ProviderApiKeysTable>;

export async function insertProvider(db: Kysely<Database>, row: ProviderRow): Promise<void> {
  await db.insertInto('providers').values(row).execute();
}

export async function findProviderById(
  db: Kysely<Database>,
  id: string,
): Promise<ProviderRow | undefined> {
  return db.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of these providers have a webhook. */
export async function findProvidersWithWebhook(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('providers')
    .select('id')
    .where('id', 'in', ids)
    .where('webhook_url', 'is not', null)
    .execute();
  return rows.map((row) => row.id);
}

export async function findAllProviders(db: Kysely<Database>): Promise<ProviderRow[]> {
  return db.selectFrom('providers').selectAll().orderBy('name').orderBy('id').execute();
}

export async function updateProviderWebhook(
  db: Kysely<Database>,
  id: string,
  webhook: { url: string; secret: string },
): Promise<void> {
  await db
    .updateTable('providers')
    .set({ webhook_url: webhook.url, webhook_secret: webhook.secret })
    .where('id', '=', id)
    .execute();
}

export async function insertApiKey(db: Kysely<Database>, row: ProviderApiKeyRow): Promise<void> {
  await db.insertInto('provider_api_keys').values(row).execute();
}

export async function revokeApiKeysOfProvider(
  db: Kysely<Database>,
  providerId: string,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('provider_api_keys')
    .set({ revoked_at: now })
    .where('provider_id', '=', providerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The provider of a live (not revoked) key, found by the key's hash. */
export async function findProviderByKeyHash(
  db: Kysely<Database>,
  keyHash: string,
): Promise<(ProviderRow & { key_id: string; key_last_used_at: string | null }) | undefined> {
  return db
    .selectFrom('provider_api_keys as k')
    .innerJoin('providers as p', 'p.id', 'k.provider_id')
    .selectAll('p')
    .select(['k.id as key_id', 'k.last_used_at as key_last_used_at'])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function markApiKeyUsed(
  db: Kysely<Database>,
  keyId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('provider_api_keys')
    .set({ last_used_at: now })
    .where('id', '=', keyId)
    .execute();
}

export async function countLiveKeys(db: Kysely<Database>, providerId: string): Promise<number> {
  const row = await db
    .selectFrom('provider_api_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('provider_id', '=', providerId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface AccountProviderRow extends ProviderRow {
  letter_count: number;
  unread_count: number;
}

/** The providers among `ids`, by name. */
export async function findProvidersByIdsByName(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('providers')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('name')
    .execute();
}

/** Of `keys`, those a provider's logo points at. */
export async function findLogoKeysInUse(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('providers')
    .select('logo_key as key')
    .where('logo_key', 'in', keys)
    .execute();
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}
