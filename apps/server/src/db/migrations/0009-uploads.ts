import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * A user's own documents. A row exists from the tus creation request on (`receiving`, with
 * the bytes so far in the staging area) and becomes `stored` when the last byte arrived, its
 * type was judged by content and it was moved into the document store. Reading it (text, OCR,
 * thumbnail) happens afterwards in the processing pool and is tracked by `text_status`.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    // receiving | stored
    .addColumn('status', 'text', (column) => column.notNull())
    // Judged by content once the first bytes arrived; null before.
    .addColumn('content_type', 'text')
    // Upload-Length: the size the client announced, and the size once stored.
    .addColumn('size', 'bigint', (column) => column.notNull())
    // Upload-Offset: bytes received (and kept) so far.
    .addColumn('received_bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('storage_key', 'text')
    .addColumn('sha256', 'text')
    .addColumn('text_status', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('text_failure', 'text')
    .addColumn('text_source', 'text')
    .addColumn('text', 'text')
    .addColumn('page_count', 'integer')
    .addColumn('thumbnail_key', 'text')
    .addColumn('thumbnail_type', 'text')
    .addColumn('encoding', 'text')
    .addColumn('delimiter', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    // Last byte received or last change: stale `receiving` rows are cleaned by it.
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('stored_at', timestamp)
    .addColumn('trashed_at', timestamp)
    .execute();
  // The listing: live stored uploads of an account, newest first (other sorts scan the account).
  await sql`create index uploads_account_idx on uploads (account_id, status, trashed_at, created_at, id)`.execute(
    db,
  );
  // Stale receiving uploads and the retention purge.
  await sql`create index uploads_receiving_idx on uploads (updated_at) where status = 'receiving'`.execute(
    db,
  );
  await sql`create index uploads_trashed_idx on uploads (trashed_at) where trashed_at is not null`.execute(
    db,
  );
  // Collecting a document key checks whether an upload still refers to it.
  await sql`create index uploads_storage_key_idx on uploads (storage_key)`.execute(db);
  await sql`create index uploads_thumbnail_key_idx on uploads (thumbnail_key)`.execute(db);
}
