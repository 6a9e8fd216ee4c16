import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * The mailbox: providers and their API keys, letters and their documents, folders, Sender API
 * idempotency, notification preferences and the full-text index.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  await db.schema
    .alterTable('users')
    .addColumn('email_on_new_letter', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_due_date_reminders', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('providers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('category', 'text', (column) => column.notNull())
    .addColumn('logo_key', 'text')
    .addColumn('logo_content_type', 'text')
    .addColumn('verified_at', timestamp)
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('provider_api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('provider_id', 'text', (column) =>
      column.notNull().references('providers.id').onDelete('cascade'),
    )
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('key_prefix', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('last_used_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema
    .createIndex('provider_api_keys_provider_idx')
    .on('provider_api_keys')
    .column('provider_id')
    .execute();

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  // "Taxes" and "taxes" would look like one folder to a person.
  await sql`create unique index folders_account_name_idx on folders (account_id, lower(name))`.execute(
    db,
  );

  await createLettersTable(db, context);
  await createLetterIndexes(db);

  await db.schema
    .createTable('letter_documents')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('letter_id', 'text', (column) =>
      column.notNull().references('letters.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('page_count', 'integer')
    .addColumn('text', 'text')
    .addColumn('extracted_at', timestamp)
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('letter_documents_letter_idx')
    .on('letter_documents')
    .columns(['letter_id', 'position'])
    .execute();
  // The purge asks "does anything still point at this file?" for every key it frees.
  await db.schema
    .createIndex('letter_documents_storage_key_idx')
    .on('letter_documents')
    .column('storage_key')
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('provider_id', 'text', (column) =>
      column.notNull().references('providers.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('fingerprint', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('response_status', 'integer', (column) => column.notNull())
    .addColumn('response_body', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    // The primary key is what makes two concurrent retries create one letter, not two.
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['provider_id', 'key'])
    .execute();

  // A recurring job (the trash purge) has at most one pending row, whatever the instances.
  await db.schema.alterTable('jobs').addColumn('unique_key', 'text').execute();
  await sql`create unique index jobs_unique_pending_idx on jobs (unique_key) where status = 'pending' and unique_key is not null`.execute(
    db,
  );

  await createSearchIndex(db, context);
}

async function createLettersTable(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema
    .createTable('letters')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('provider_id', 'text', (column) =>
      column.notNull().references('providers.id').onDelete('cascade'),
    )
    .addColumn('direction', 'text', (column) =>
      column.notNull().check(sql`direction in ('inbound', 'outbound')`),
    )
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('letter', 'invoice', 'signature_request')`),
    )
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('external_id', 'text')
    .addColumn('recipient_email', 'text')
    .addColumn('in_reply_to', 'text', (column) =>
      column.references('letters.id').onDelete('set null'),
    )
    .addColumn('delivery_status', 'text', (column) =>
      column.notNull().check(sql`delivery_status in ('queued', 'delivered', 'printed', 'failed')`),
    )
    .addColumn('delivery_failure_reason', 'text')
    .addColumn('read_at', timestamp)
    .addColumn('folder_id', 'text', (column) =>
      column.references('folders.id').onDelete('set null'),
    )
    .addColumn('trashed_at', timestamp)
    .addColumn('created_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('invoice_amount', 'bigint')
    .addColumn('invoice_currency', 'text')
    .addColumn('invoice_due_date', 'text')
    .addColumn('invoice_iban', 'text')
    .addColumn('invoice_bic', 'text')
    .addColumn('invoice_reference', 'text')
    .addColumn('signature_due_date', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
}

/**
 * Each list view reads one partial index in (created_at desc, id desc) order, so a page costs
 * the same at 10⁶ letters as at 10³. View predicates are literals in the queries too: SQLite
 * only uses a partial index when the query repeats its WHERE terms verbatim.
 */
async function createLetterIndexes(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create index letters_inbox_idx on letters (account_id, created_at desc, id desc)
        where direction = 'inbound' and folder_id is null and trashed_at is null`,
    sql`create index letters_unread_idx on letters (account_id, created_at desc, id desc)
        where direction = 'inbound' and read_at is null and trashed_at is null`,
    sql`create index letters_outbox_idx on letters (account_id, created_at desc, id desc)
        where direction = 'outbound' and trashed_at is null`,
    sql`create index letters_trash_idx on letters (account_id, created_at desc, id desc)
        where trashed_at is not null`,
    sql`create index letters_folder_idx on letters (folder_id, created_at desc, id desc)
        where folder_id is not null and trashed_at is null`,
    sql`create index letters_provider_idx on letters (account_id, provider_id, created_at desc, id desc)`,
    sql`create index letters_kind_idx on letters (account_id, kind) where trashed_at is null`,
    sql`create index letters_trashed_at_idx on letters (trashed_at) where trashed_at is not null`,
    sql`create index letters_in_reply_to_idx on letters (in_reply_to) where in_reply_to is not null`,
    sql`create index letters_provider_outbound_idx on letters (provider_id, created_at desc, id desc)
        where direction = 'outbound'`,
  ];
  for (const statement of statements) await statement.execute(db);
}

/**
 * SQLite: an FTS5 table whose rowid is the letter's rowid (so lookups and deletes are by
 * key), with a trigger that drops the entry with the letter, however it is deleted.
 * PostgreSQL: a weighted tsvector on the letter with a GIN index.
 */
async function createSearchIndex(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  if (context.engine === 'postgres') {
    await sql`alter table letters add column search_vector tsvector`.execute(db);
    await sql`create index letters_search_idx on letters using gin (search_vector)`.execute(db);
    return;
  }
  await sql`create virtual table letters_fts using fts5(
      account, subject, provider, body, documents,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(db);
  await sql`create trigger letters_fts_delete after delete on letters begin
      delete from letters_fts where rowid = old.rowid;
    end`.execute(db);
}
