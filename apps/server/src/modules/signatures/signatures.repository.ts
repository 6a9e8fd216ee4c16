import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Engine } from '../../db/migrations/context.ts';
import type { Database, SignatureRequestsTable, SignatureSignersTable } from '../../db/schema.ts';

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

/** The signers in the provider's order (their names are the users area's). */
export async function findSignerRows(
  db: Kysely<Database>,
  requestIds: string[],
): Promise<SignerRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .selectFrom('signature_signers')
    .selectAll()
    .where('request_id', 'in', requestIds)
    .orderBy('request_id')
    .orderBy('position')
    .execute();
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

/**
 * Requests waiting for this user's own signature, earliest due first, each with the copy the
 * user signs. One past its due date can no longer be signed, so it is left out even before
 * the expiry job ran (as the home count does).
 */
export async function findOpenSignerRowsOfUser(
  db: Kysely<Database>,
  userId: string,
  today: string,
) {
  return db
    .selectFrom('signature_signers as s')
    .innerJoin('signature_requests as r', 'r.id', 's.request_id')
    .select(['s.letter_id', 'r.provider_id', 'r.id as request_id', 'r.due_date', 'r.created_at'])
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 'pending')
    .where('r.status', '=', 'pending')
    .where('r.due_date', '>=', today)
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
 * their copy), or by the request id of any copy of it (`copyRequestId`, from the letters
 * area). Another provider's request is simply not found.
 */
export async function findRequestOfProviderLetter(
  db: Kysely<Database>,
  providerId: string,
  letterId: string,
  copyRequestId: string | null | undefined,
): Promise<SignatureRequestRow | undefined> {
  return db
    .selectFrom('signature_requests as r')
    .selectAll('r')
    .where('r.provider_id', '=', providerId)
    .where((eb) =>
      eb.or([
        eb('r.letter_id', '=', letterId),
        ...(copyRequestId ? [eb('r.id', '=', copyRequestId)] : []),
      ]),
    )
    .executeTakeFirst();
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
