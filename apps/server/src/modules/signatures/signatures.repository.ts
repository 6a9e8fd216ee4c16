import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Engine } from '../../db/migrations/context.ts';
import type { Database, SignatureRequestsTable, SignatureSignersTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../../db/scopes.ts';

/** All SQL of signature requests (DESIGN §8). */

export type SignatureRequestRow = Selectable<SignatureRequestsTable>;
export type SignerRow = Selectable<SignatureSignersTable>;
export type SignerWithUserRow = SignerRow & { first_name: string; last_name: string };

export async function insertSignatureRequest(
  db: Kysely<Database>,
  request: Insertable<SignatureRequestsTable>,
  signers: Insertable<SignatureSignersTable>[],
): Promise<void> {
  await db.insertInto('signature_requests').values(request).execute();
  await db.insertInto('signature_signers').values(signers).execute();
}

export async function findRequestById(
  db: Kysely<Database>,
  requestId: string,
): Promise<SignatureRequestRow | undefined> {
  return db
    .selectFrom('signature_requests')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirst();
}

/**
 * The request, locked until the transaction ends: signers of one request sign one after the
 * other, so exactly one of them sees the last pending signature. SQLite's transactions begin
 * IMMEDIATE and are serial already.
 */
export async function lockRequest(
  trx: Kysely<Database>,
  engine: Engine,
  requestId: string,
): Promise<SignatureRequestRow | undefined> {
  return trx
    .selectFrom('signature_requests')
    .selectAll()
    .where('id', '=', requestId)
    .$if(engine === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The signers in the provider's order, with their current profile names. */
export async function findSigners(
  db: Kysely<Database>,
  requestIds: string[],
): Promise<SignerWithUserRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('signature_signers as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['u.first_name', 'u.last_name'])
    .where('s.request_id', 'in', requestIds)
    .orderBy('s.request_id')
    .orderBy('s.position')
    .execute();
}

/** A letter the caller may see, with their role in its account. */
export async function findVisibleLetter(db: Kysely<Database>, userId: string, letterId: string) {
  return db
    .selectFrom('letters as l')
    .select(['l.id', 'l.account_id', 'l.signature_request_id', 'l.subject'])
    .select(callerRole(userId, 'l.account_id').as('role'))
    .where('l.id', '=', letterId)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirst();
}

export async function updatePendingSigner(
  trx: Kysely<Database>,
  signerId: string,
  changes: Updateable<SignatureSignersTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('signature_signers')
    .set(changes)
    .where('id', '=', signerId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countPendingSigners(
  trx: Kysely<Database>,
  requestId: string,
): Promise<number> {
  const row = await trx
    .selectFrom('signature_signers')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('request_id', '=', requestId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Changes a pending request; false when it was no longer pending. */
export async function updatePendingRequest(
  trx: Kysely<Database>,
  requestId: string,
  changes: Updateable<SignatureRequestsTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('signature_requests')
    .set(changes)
    .where('id', '=', requestId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the seal once: false when another run sealed it first. */
export async function updateSealingRequest(
  trx: Kysely<Database>,
  requestId: string,
  changes: Updateable<SignatureRequestsTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('signature_requests')
    .set(changes)
    .where('id', '=', requestId)
    .where('seal_status', '=', 'sealing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every copy of the request's letter that still exists (one per signer, and the recipient's). */
export async function findCopies(db: Kysely<Database>, requestId: string) {
  return db
    .selectFrom('letters')
    .select(['id', 'account_id', 'subject', 'external_id', 'provider_id'])
    .where('signature_request_id', '=', requestId)
    .orderBy('id')
    .execute();
}

/** The original documents of one copy, in order (every copy has the same ones). */
export async function findOriginalDocuments(db: Kysely<Database>, letterId: string) {
  return db
    .selectFrom('letter_documents')
    .select(['filename', 'storage_key', 'content_type'])
    .where('letter_id', '=', letterId)
    .where('role', '=', 'original')
    .orderBy('position')
    .execute();
}

/** The sealed copy among a letter's documents, if any. */
export async function findSealedDocumentId(
  db: Kysely<Database>,
  letterId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('letter_documents')
    .select('id')
    .where('letter_id', '=', letterId)
    .where('role', '=', 'sealed')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Requests waiting for this user's own signature, through accounts they belong to. One past
 * its due date can no longer be signed, so it is left out even before the expiry job ran
 * (as the home count does).
 */
export async function findOpenRequestsOfUser(db: Kysely<Database>, userId: string, today: string) {
  return db
    .selectFrom('signature_signers as s')
    .innerJoin('signature_requests as r', 'r.id', 's.request_id')
    .innerJoin('letters as l', 'l.id', 's.letter_id')
    .innerJoin('accounts as a', 'a.id', 'l.account_id')
    .innerJoin('providers as p', 'p.id', 'r.provider_id')
    .select([
      'l.id as letter_id',
      'l.account_id',
      'a.name as account_name',
      'l.subject',
      'p.id as provider_id',
      'p.name as provider_name',
      'p.logo_key as provider_logo_key',
      'p.verified_at as provider_verified_at',
      'r.id as request_id',
      'r.due_date',
      'r.created_at',
    ])
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 'pending')
    .where('r.status', '=', 'pending')
    .where('r.due_date', '>=', today)
    .where('l.trashed_at', 'is', null)
    .where(callerIsMember(userId, 'l.account_id'))
    .orderBy('r.due_date')
    .orderBy('r.created_at')
    .execute();
}

/** How many of each request's signers signed, and how many there are. */
export async function countSignersByRequest(db: Kysely<Database>, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('signature_signers')
    .select((eb) => [
      'request_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'signed').then(1).else(0).end()).as('signed'),
    ])
    .where('request_id', 'in', requestIds)
    .groupBy('request_id')
    .execute();
}

/** Home: pending requests in this account that wait for the caller, due today or later. */
export async function countOpenRequestsInAccount(
  db: Kysely<Database>,
  userId: string,
  accountId: string,
  today: string,
): Promise<number> {
  const row = await db
    .selectFrom('signature_signers as s')
    .innerJoin('signature_requests as r', 'r.id', 's.request_id')
    .innerJoin('letters as l', 'l.id', 's.letter_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 'pending')
    .where('r.status', '=', 'pending')
    .where('r.due_date', '>=', today)
    .where('l.account_id', '=', accountId)
    .where('l.trashed_at', 'is', null)
    .where(callerIsMember(userId, 'l.account_id'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Pending requests whose last day is over. */
export async function findRequestsPastDue(
  db: Kysely<Database>,
  today: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('signature_requests')
    .select('id')
    .where('status', '=', 'pending')
    .where('due_date', '<', today)
    .orderBy('due_date')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The provider's request by the letter id it got back (which outlives the recipient deleting
 * their copy), or by any copy of it. Another provider's letter is simply not found.
 */
export async function findRequestOfProviderLetter(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
): Promise<SignatureRequestRow | undefined> {
  return db
    .selectFrom('signature_requests as r')
    .selectAll('r')
    .where('r.provider_id', '=', providerId)
    .where((eb) =>
      eb.or([
        eb('r.letter_id', '=', letterId),
        eb(
          'r.id',
          '=',
          eb
            .selectFrom('letters as l')
            .select('l.signature_request_id')
            .where('l.id', '=', letterId)
            .where('l.provider_id', '=', providerId),
        ),
      ]),
    )
    .executeTakeFirst();
}

export async function findProviderName(
  db: Kysely<Database>,
  providerId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('providers')
    .select('name')
    .where('id', '=', providerId)
    .executeTakeFirst();
  return row?.name;
}

/** Of these letters, the ones whose id a provider got back (not another signer's copy). */
export async function findProviderLetterIds(
  db: Kysely<Database>,
  letterIds: string[],
): Promise<string[]> {
  if (letterIds.length === 0) return [];
  const rows = await db
    .selectFrom('signature_requests')
    .select('letter_id')
    .where('letter_id', 'in', letterIds)
    .execute();
  return rows.map((row) => row.letter_id);
}

/**
 * Of `keys`, those the sealed copy of a signature request points at: the provider fetches it
 * even after every signer deleted their letter.
 */
export async function findSealedKeysInUse(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('signature_requests')
    .select('sealed_storage_key as key')
    .where('sealed_storage_key', 'in', keys)
    .execute();
  return rows.flatMap((row) => (row.key === null ? [] : [row.key]));
}
