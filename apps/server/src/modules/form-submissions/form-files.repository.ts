import { createHash } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Engine } from '../../db/migrations/context.ts';
import type { Database, FormFilesTable } from '../../db/schema.ts';

export type FormFileRow = Selectable<FormFilesTable>;

/** Whose a form file is: an account's (logged in) or an upload token's (anonymous). */
export type FileOwner =
  | { kind: 'account'; formId: string; accountId: string }
  | { kind: 'token'; formId: string; tokenHash: string };

function ownedBy(owner: FileOwner) {
  return (query: ReturnType<typeof filesOfForm>) =>
    owner.kind === 'account'
      ? query.where('f.account_id', '=', owner.accountId).where('f.token_hash', 'is', null)
      : query.where('f.token_hash', '=', owner.tokenHash).where('f.account_id', 'is', null);
}

function filesOfForm(db: Kysely<Database>, formId: string) {
  return db.selectFrom('form_files as f').where('f.form_id', '=', formId);
}

/**
 * Serialises adding files for one owner until the transaction ends, so parallel uploads are
 * counted one after another. SQLite needs nothing: its transactions begin with BEGIN IMMEDIATE.
 */
export async function lockFileOwner(
  trx: Kysely<Database>,
  engine: Engine,
  owner: FileOwner,
): Promise<void> {
  if (engine !== 'postgres') return;
  const name =
    owner.kind === 'account'
      ? `form_files:${owner.formId}:account:${owner.accountId}`
      : `form_files:${owner.formId}:token:${owner.tokenHash}`;
  const id = createHash('sha256').update(name).digest().readBigInt64BE(0);
  await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
}

/**
 * Files that count against the owner's limit: a token's every file (it lives only so long);
 * an account's unattached files added since `since` (a rolling window: files of an earlier
 * draft, or replaced ones, stop counting rather than block the account).
 */
export async function countFilesOfOwner(
  db: Kysely<Database>,
  owner: FileOwner,
  since: string,
): Promise<number> {
  let query = ownedBy(owner)(filesOfForm(db, owner.formId)).select((eb) =>
    eb.fn.countAll<number>().as('count'),
  );
  if (owner.kind === 'account') {
    query = query.where('f.submission_id', 'is', null).where('f.created_at', '>', since);
  }
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertFormFile(
  db: Kysely<Database>,
  row: Insertable<FormFilesTable>,
): Promise<void> {
  await db.insertInto('form_files').values(row).execute();
}

/** The owner's files of the form among `ids` (attached or not; the caller judges). */
export async function findFilesOfOwner(
  db: Kysely<Database>,
  owner: FileOwner,
  ids: readonly string[],
): Promise<FormFileRow[]> {
  if (ids.length === 0) return [];
  return ownedBy(owner)(filesOfForm(db, owner.formId))
    .selectAll('f')
    .where('f.id', 'in', [...ids])
    .execute();
}

/**
 * Attaches the owner's unattached files to a submission; answers the ids it attached. One
 * that another submission took meanwhile is not among them (the row lock makes the second
 * update see the first one's submission_id).
 */
export async function attachFiles(
  trx: Kysely<Database>,
  owner: FileOwner,
  submissionId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  let query = trx
    .updateTable('form_files')
    .set({ submission_id: submissionId })
    .where('form_id', '=', owner.formId)
    .where('id', 'in', [...ids])
    .where('submission_id', 'is', null);
  query =
    owner.kind === 'account'
      ? query.where('account_id', '=', owner.accountId).where('token_hash', 'is', null)
      : query.where('token_hash', '=', owner.tokenHash).where('account_id', 'is', null);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export async function findFilesOfSubmission(
  db: Kysely<Database>,
  submissionId: string,
): Promise<FormFileRow[]> {
  return db
    .selectFrom('form_files')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .execute();
}

/**
 * Unattached files past their expiry, oldest first, at most `limit`. An account's file that
 * one of its drafts of the form still names is kept while the draft is there.
 */
export async function findExpiredFiles(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<Array<{ id: string; storage_key: string }>> {
  return db
    .selectFrom('form_files as f')
    .select(['f.id', 'f.storage_key'])
    .where('f.submission_id', 'is', null)
    .where('f.expires_at', '<', now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('form_drafts as d')
            .select(sql.lit(1).as('one'))
            .whereRef('d.account_id', '=', 'f.account_id')
            .whereRef('d.form_id', '=', 'f.form_id')
            .where(sql<boolean>`d.data like '%' || ${sql.ref('f.id')} || '%'`),
        ),
      ),
    )
    .orderBy('f.expires_at')
    .limit(limit)
    .execute();
}

/** Deletes the files among `ids` that are still unattached; answers how many. */
export async function deleteUnattachedFiles(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('form_files')
    .where('id', 'in', [...ids])
    .where('submission_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Bytes of form files that count in an account's quota: every file its members attached
 * from the computer, sent or not (one picked from the uploads is the upload's bytes, counted
 * there).
 */
export async function sumFormFileBytesOfAccount(
  db: Kysely<Database>,
  accountId: string,
): Promise<number> {
  const row = await db
    .selectFrom('form_files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('used'))
    .where('account_id', '=', accountId)
    .where('upload_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/**
 * Bytes of anonymous visitors' files for these forms (a provider's) not sent yet: kept on the
 * provider's behalf until they are sent with a submission or expire with their token.
 */
export async function sumPendingAnonymousBytesOfForms(
  db: Kysely<Database>,
  formIds: readonly string[],
): Promise<number> {
  if (formIds.length === 0) return 0;
  const row = await db
    .selectFrom('form_files as f')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('f.size'), eb.lit(0)).as('used'))
    .where('f.form_id', 'in', [...formIds])
    .where('f.token_hash', 'is not', null)
    .where('f.submission_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** Of `keys`, those a file attached to a form's file field points at (before and after submitting). */
export async function findFormFileKeysInUse(
  db: Kysely<Database>,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('form_files')
    .select('storage_key as key')
    .where('storage_key', 'in', keys)
    .execute();
  return rows.map((row) => row.key);
}

/** Files of the account attached to the form, by id (ids of anything else are not found). */
export async function findFormFilesOfAccount(
  db: Kysely<Database>,
  accountId: string,
  formId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('form_files')
    .select(['id', 'filename', 'content_type', 'size'])
    .where('account_id', '=', accountId)
    .where('form_id', '=', formId)
    .where('id', 'in', ids)
    .execute();
}
