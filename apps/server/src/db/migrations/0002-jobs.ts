import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('pending', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (column) => column.notNull())
    .addColumn('run_at', timestamp, (column) => column.notNull())
    .addColumn('locked_until', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  // Serves the worker's "what is due" query for both pending and expired running jobs.
  await db.schema
    .createIndex('jobs_status_run_at_idx')
    .on('jobs')
    .columns(['status', 'run_at'])
    .execute();
}
