import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../../db/schema.ts';

/*
 * Where the built-in test identity provider keeps its sessions, interactions, codes, grants and
 * signing key: in the database all instances share (DESIGN §9 "Many instances"). Behind a
 * balancer without sticky sessions, the authorization request, the interaction page, its form
 * post and the code exchange each land on any instance.
 */

const SIGNING_KEY = 'SigningKey:current';
/** The signing key does not expire; the rows of sign-ins do, and are swept as others are written. */
const NEVER = '9999-12-31T00:00:00.000Z';

type SigningKey = Record<string, unknown> & { kid: string };

const entryKey = (model: string, id: string) => `${model}:${id}`;
const nowIso = () => new Date().toISOString();

function parse(payload: string | undefined): AdapterPayload | undefined {
  if (payload === undefined) return undefined;
  // Written by upsert below from oidc-provider's own payload.
  const parsed: AdapterPayload = JSON.parse(payload);
  return parsed;
}

/** One model's entries (Session, Interaction, AuthorizationCode, …) in `test_idp_entries`. */
export function databaseAdapterFactory(db: Kysely<Database>): (model: string) => Adapter {
  const findWhere = async (column: 'key' | 'uid' | 'user_code', value: string) => {
    const row = await db
      .selectFrom('test_idp_entries')
      .select('payload')
      .where(column, '=', value)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst();
    return parse(row?.payload);
  };
  return (model) => ({
    async upsert(id, payload, expiresIn) {
      const row = {
        key: entryKey(model, id),
        payload: JSON.stringify(payload),
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        grant_id: payload.grantId ?? null,
        expires_at: new Date(Date.now() + expiresIn * 1000).toISOString(),
      };
      await db
        .insertInto('test_idp_entries')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            payload: row.payload,
            uid: row.uid,
            user_code: row.user_code,
            grant_id: row.grant_id,
            expires_at: row.expires_at,
          }),
        )
        .execute();
      // Sign-ins last minutes: the expired ones go as new ones come.
      await db.deleteFrom('test_idp_entries').where('expires_at', '<=', nowIso()).execute();
    },
    find: (id) => findWhere('key', entryKey(model, id)),
    findByUid: (uid) => findWhere('uid', uid),
    findByUserCode: (userCode) => findWhere('user_code', userCode),
    async consume(id) {
      const key = entryKey(model, id);
      const payload = await findWhere('key', key);
      if (!payload) return;
      payload.consumed = Math.floor(Date.now() / 1000);
      await db
        .updateTable('test_idp_entries')
        .set({ payload: JSON.stringify(payload) })
        .where('key', '=', key)
        .execute();
    },
    async destroy(id) {
      await db.deleteFrom('test_idp_entries').where('key', '=', entryKey(model, id)).execute();
    },
    async revokeByGrantId(grantId) {
      await db.deleteFrom('test_idp_entries').where('grant_id', '=', grantId).execute();
    },
  });
}

/**
 * The provider's ID-token signing key, the same on every instance: the first instance to start
 * makes it, the others read it (the insert of a second one is ignored).
 */
export async function sharedSigningKey(db: Kysely<Database>): Promise<SigningKey> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const candidate = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomUUID(),
    alg: 'RS256',
    use: 'sig',
  };
  await db
    .insertInto('test_idp_entries')
    .values({
      key: SIGNING_KEY,
      payload: JSON.stringify(candidate),
      uid: null,
      user_code: null,
      grant_id: null,
      expires_at: NEVER,
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('test_idp_entries')
    .select('payload')
    .where('key', '=', SIGNING_KEY)
    .executeTakeFirstOrThrow();
  const key: SigningKey = JSON.parse(row.payload);
  return key;
}
