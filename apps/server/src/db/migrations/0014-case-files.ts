import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Case files (DESIGN §8 "Case files"): dossiers that gather items across providers.
 *
 * - `case_files`: title, description, colour. `item_count` and `last_activity_at` are kept
 *   in the transaction that changes an item, so the list reads one row per file however many
 *   items it has. `trashed_at` set: in the trash, with the items trashed at the same instant.
 * - `case_file_items`: the timeline's entries: a title, a date (YYYY-MM-DD), notes. `account_id`
 *   is the file's, copied so access and the trash need no join. An item trashed on its own has
 *   its own `trashed_at`; one trashed with its file shares the file's `trashed_at` exactly.
 * - `case_file_item_letters`: letters (received or sent) an item links to, in order.
 * - `case_file_item_uploads`: the item's attachments: uploads of the account (a file from the
 *   computer becomes an upload first), by reference, in order.
 * - `case_file_references`: reference numbers (Aktenzeichen, customer or contract numbers)
 *   found in an item and its letters, normalised, so a new letter carrying one can be suggested
 *   for the file.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  await db.schema
    .createTable('case_files')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (column) => column.notNull())
    // Lower-cased title: the A–Z order and its keyset.
    .addColumn('title_key', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('color', 'text', (column) => column.notNull())
    .addColumn('item_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_activity_at', timestamp, (column) => column.notNull())
    .addColumn('created_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('trashed_at', timestamp)
    .execute();
  await db.schema
    .createIndex('case_files_activity_idx')
    .on('case_files')
    .columns(['account_id', 'last_activity_at', 'id'])
    .execute();
  await db.schema
    .createIndex('case_files_title_idx')
    .on('case_files')
    .columns(['account_id', 'title_key', 'id'])
    .execute();
  await db.schema
    .createIndex('case_files_created_idx')
    .on('case_files')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await sql`create index case_files_trashed_idx on case_files (trashed_at) where trashed_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('case_file_items')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('file_id', 'text', (column) =>
      column.notNull().references('case_files.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (column) => column.notNull())
    // YYYY-MM-DD: the day the item is about (a letter's date, an appointment, a call).
    .addColumn('item_date', 'text', (column) => column.notNull())
    .addColumn('notes', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('trashed_at', timestamp)
    .execute();
  // The timeline: newest first, keyset on (item_date, id).
  await db.schema
    .createIndex('case_file_items_timeline_idx')
    .on('case_file_items')
    .columns(['file_id', 'item_date', 'id'])
    .execute();
  await sql`create index case_file_items_trashed_idx on case_file_items (account_id, trashed_at) where trashed_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('case_file_item_letters')
    .addColumn('item_id', 'text', (column) =>
      column.notNull().references('case_file_items.id').onDelete('cascade'),
    )
    .addColumn('letter_id', 'text', (column) =>
      column.notNull().references('letters.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('case_file_item_letters_pk', ['item_id', 'letter_id'])
    .execute();
  await db.schema
    .createIndex('case_file_item_letters_letter_idx')
    .on('case_file_item_letters')
    .columns(['letter_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('case_file_item_uploads')
    .addColumn('item_id', 'text', (column) =>
      column.notNull().references('case_file_items.id').onDelete('cascade'),
    )
    .addColumn('upload_id', 'text', (column) =>
      column.notNull().references('uploads.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('case_file_item_uploads_pk', ['item_id', 'upload_id'])
    .execute();
  await db.schema
    .createIndex('case_file_item_uploads_upload_idx')
    .on('case_file_item_uploads')
    .columns(['upload_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('case_file_references')
    .addColumn('item_id', 'text', (column) =>
      column.notNull().references('case_file_items.id').onDelete('cascade'),
    )
    // Normalised: upper case, letters and digits only ("12 O 345/26" → "12O34526").
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('file_id', 'text', (column) =>
      column.notNull().references('case_files.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    // As it was written, for the suggestion ("Kundennummer 4711-0815").
    .addColumn('display', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('case_file_references_pk', ['item_id', 'reference'])
    .execute();
  await db.schema
    .createIndex('case_file_references_lookup_idx')
    .on('case_file_references')
    .columns(['account_id', 'reference', 'file_id'])
    .execute();
}
