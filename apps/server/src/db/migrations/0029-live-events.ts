import type { Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Live events kept for a replay window (issue 26, DESIGN §9 "Many instances"): a client that
 * reconnects, to this instance or another, names the last id it saw and is sent what it missed.
 * The id is strictly increasing in commit order: SQLite has one writer and AUTOINCREMENT never
 * reuses an id; on PostgreSQL the writer takes an advisory lock before it draws the id from the
 * identity sequence (plugins/live-event-store.ts), so a reader that saw id n has seen every
 * committed id below it. Only the payload's own JSON is stored, as sent to the browser.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('live_events')
    .addColumn('id', context.engine === 'postgres' ? 'bigint' : 'integer', (column) =>
      context.engine === 'postgres'
        ? column.primaryKey().generatedAlwaysAsIdentity()
        : column.primaryKey().autoIncrement(),
    )
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(context), (column) => column.notNull())
    .execute();
  // A replay reads one person's mailboxes after an id; the clean-up finds the old ones by time.
  await db.schema
    .createIndex('live_events_account_idx')
    .on('live_events')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('live_events_created_idx')
    .on('live_events')
    .column('created_at')
    .execute();
}
