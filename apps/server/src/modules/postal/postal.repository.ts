import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Engine } from '../../db/migrations/context.ts';
import type { Database, PrintBatchesTable } from '../../db/schema.ts';
import { newId } from '../../db/ids.ts';

export type PrintBatchRow = Selectable<PrintBatchesTable>;

/**
 * The one open batch, created when there is none. The unique partial index keeps it to one:
 * a parallel job's insert waits for ours (PostgreSQL) or runs after it (SQLite's write
 * transactions run one at a time) and then does nothing. On PostgreSQL the batch row is
 * locked until the caller's transaction ends, so a download cannot close it in between.
 */
export async function openBatchForUpdate(
  db: Kysely<Database>,
  engine: Engine,
  now: string,
): Promise<string> {
  for (;;) {
    await db
      .insertInto('print_batches')
      .values({ id: newId(Date.parse(now)), status: 'open', created_at: now, updated_at: now })
      .onConflict((conflict) =>
        // The index's own predicate, written out: SQLite matches it as text.
        conflict
          .column('status')
          .where(sql<SqlBool>`status = 'open'`)
          .doNothing(),
      )
      .execute();
    const open = await db
      .selectFrom('print_batches')
      .select('id')
      .where('status', '=', 'open')
      .$if(engine === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    // Closed by a download between the two statements: start another.
    if (open) return open.id;
  }
}

/** Every batch, newest first. */
export async function findAllBatches(db: Kysely<Database>) {
  return db
    .selectFrom('print_batches')
    .select(['id', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findBatch(db: Kysely<Database>, batchId: string) {
  return db.selectFrom('print_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
}

/** Closes the batch when it is open (it then takes no more letters); answers the batch. */
export async function closeBatch(
  db: Kysely<Database>,
  batchId: string,
  now: string,
): Promise<PrintBatchRow | undefined> {
  await db
    .updateTable('print_batches')
    .set({ status: 'downloaded', downloaded_at: now, updated_at: now })
    .where('id', '=', batchId)
    .where('status', '=', 'open')
    .execute();
  return findBatch(db, batchId);
}

export async function markBatchSent(
  db: Kysely<Database>,
  batchId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('print_batches')
    .set({ status: 'sent', sent_at: now, updated_at: now })
    .where('id', '=', batchId)
    .execute();
}
