import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * "Download my data" (DESIGN §9): an export of everything a person may see, made by a job
 * into the document store as one or more ZIP parts. A partial unique index keeps one export
 * queued or running per person, whatever races.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status in ('pending', 'running', 'ready', 'failed')`),
    )
    .addColumn('areas_total', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('areas_done', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('files_done', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('bytes_done', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('finished_at', timestamp)
    .addColumn('expires_at', timestamp)
    .execute();
  await db.schema
    .createIndex('data_exports_user_idx')
    .on('data_exports')
    .columns(['user_id', 'created_at'])
    .execute();
  await sql`create unique index data_exports_one_running_idx on data_exports (user_id)
    where status in ('pending', 'running')`.execute(db);
  await db.schema
    .createTable('data_export_parts')
    .addColumn('export_id', 'text', (column) =>
      column.notNull().references('data_exports.id').onDelete('cascade'),
    )
    .addColumn('part_number', 'integer', (column) => column.notNull())
    .addColumn('document_key', 'text', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('sha256', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('data_export_parts_pk', ['export_id', 'part_number'])
    .execute();
  await db.schema
    .createIndex('data_export_parts_key_idx')
    .on('data_export_parts')
    .column('document_key')
    .execute();
}
