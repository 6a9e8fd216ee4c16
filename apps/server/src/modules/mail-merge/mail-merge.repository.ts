import type { Kysely, Selectable } from 'kysely';
import type { Database, MailMergesTable } from '../../db/schema.ts';
import { callerIsMember, callerRole } from '../accounts/account-scopes.ts';

export type MailMergeDbRow = Selectable<MailMergesTable>;

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
