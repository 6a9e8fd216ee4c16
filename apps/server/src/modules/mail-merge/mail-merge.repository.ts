import type { Kysely, Selectable } from 'kysely';
import type { Database, MailMergesTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../../db/scopes.ts';

export type MailMergeDbRow = Selectable<MailMergesTable>;

/** An upload of the account, for reading it as the CSV or attaching it as the document. */
export async function findAccountUpload(db: Kysely<Database>, accountId: string, uploadId: string) {
  return db
    .selectFrom('uploads')
    .select([
      'id',
      'name',
      'status',
      'content_type',
      'storage_key',
      'size',
      'encoding',
      'delimiter',
    ])
    .where('id', '=', uploadId)
    .where('account_id', '=', accountId)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
}

/** Kuvert users by e-mail (lower-cased), with the personal account their letters go to. */
export async function findKuvertUsersByEmail(db: Kysely<Database>, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['u.id as user_id', 'u.email', 'a.id as account_id'])
    .where('u.email', 'in', [...emails])
    .where('u.disabled_at', 'is', null)
    .where('a.kind', '=', 'personal')
    .where('m.role', '=', 'owner')
    .orderBy('a.created_at')
    .execute();
}

export async function findSender(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'language',
      'address_street',
      'address_postcode',
      'address_city',
      'address_country',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function insertMailMerge(db: Kysely<Database>, row: MailMergeDbRow): Promise<void> {
  await db.insertInto('mail_merges').values(row).execute();
}

/** A merge of one of the caller's accounts, with their role there. */
export async function findMailMergeForCaller(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('mail_merges as mm')
    .selectAll('mm')
    .select(callerRole(userId, 'mm.account_id').as('role'))
    .where('mm.id', '=', id)
    .where(callerIsMember(userId, 'mm.account_id'))
    .executeTakeFirst();
}

export async function findMailMergeById(db: Kysely<Database>, id: string) {
  return db.selectFrom('mail_merges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The most recent merges of the caller's accounts (or of one of them), newest first. */
export async function findRecentMailMerges(
  db: Kysely<Database>,
  userId: string,
  accountId: string | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('mail_merges as mm')
    .selectAll('mm')
    .where(callerIsMember(userId, 'mm.account_id'))
    .orderBy('mm.created_at', 'desc')
    .orderBy('mm.id', 'desc')
    .limit(limit);
  if (accountId !== undefined) query = query.where('mm.account_id', '=', accountId);
  return query.execute();
}

export async function findRecordedRowNumbers(
  db: Kysely<Database>,
  mailMergeId: string,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('mail_merge_rows')
    .select('row_number')
    .where('mail_merge_id', '=', mailMergeId)
    .execute();
  return new Set(rows.map((row) => Number(row.row_number)));
}

export async function findMergeRows(
  db: Kysely<Database>,
  mailMergeId: string,
  options: { status?: 'sent' | 'failed'; after?: number; limit: number },
) {
  let query = db
    .selectFrom('mail_merge_rows')
    .selectAll()
    .where('mail_merge_id', '=', mailMergeId)
    .orderBy('row_number')
    .limit(options.limit);
  if (options.status !== undefined) query = query.where('status', '=', options.status);
  if (options.after !== undefined) query = query.where('row_number', '>', options.after);
  return query.execute();
}

/** Counts by status, from the recorded rows: what a resumed merge starts from. */
export async function countMergeRows(db: Kysely<Database>, mailMergeId: string) {
  const rows = await db
    .selectFrom('mail_merge_rows')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('mail_merge_id', '=', mailMergeId)
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { sent: of('sent'), failed: of('failed') };
}
