import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Writing letters (DESIGN §8 "Address book", "Compose and outbox", "Mail merge").
 *
 * - `letters.provider_id` becomes optional: a letter a Kuvert user wrote to another user has
 *   no provider on either side. Such an inbound copy names its sender in `sender_*`.
 * - `letter_recipients`: every recipient of an outbound letter with its own delivery status
 *   (a provider, a Kuvert user, or a postal address). Replies sent before this migration get
 *   their one provider recipient.
 * - `print_batches`: the built-in postal channel's batches for the operator.
 * - `letter_drafts`, `contacts`, `mail_merges` and `mail_merge_rows`.
 * - The user's postal address, for the return line of printed letters.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await relaxLetters(db, context);
  for (const [name, type] of [
    ['sender_user_id', 'text'],
    ['sender_name', 'text'],
    ['sender_email', 'text'],
    ['mail_merge_id', 'text'],
  ] as const) {
    await db.schema.alterTable('letters').addColumn(name, type).execute();
  }
  await sql`create index letters_mail_merge_idx on letters (mail_merge_id)
      where mail_merge_id is not null`.execute(db);

  for (const name of ['address_street', 'address_postcode', 'address_city', 'address_country']) {
    await db.schema.alterTable('users').addColumn(name, 'text').execute();
  }

  await db.schema
    .createTable('print_batches')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // open: collecting letters; downloaded: the operator took it to print; sent: posted.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('downloaded_at', timestamp)
    .addColumn('sent_at', timestamp)
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  // At most one open batch: parallel hand-overs land in the same one.
  await sql`create unique index print_batches_open_idx on print_batches (status)
      where status = 'open'`.execute(db);

  await db.schema
    .createTable('letter_recipients')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('letter_id', 'text', (column) =>
      column.notNull().references('letters.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    // provider | kuvert | postal
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('provider_id', 'text', (column) =>
      column.references('providers.id').onDelete('set null'),
    )
    // kuvert: the address written to, and the user it belonged to when sent.
    .addColumn('email', 'text')
    .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('set null'))
    // kuvert: the recipient's own copy (no foreign key: they may delete it forever).
    .addColumn('delivered_letter_id', 'text')
    // The address-book entry it came from, if any (no foreign key: contacts are deleted).
    .addColumn('contact_id', 'text')
    // As written on the letter; for postal recipients the address as printed.
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('organisation', 'text')
    .addColumn('street', 'text')
    .addColumn('postcode', 'text')
    .addColumn('city', 'text')
    // ISO 3166-1 alpha-2.
    .addColumn('country', 'text')
    // queued | delivered | printed | sent | failed
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('failure_reason', 'text')
    // postal: the print-ready PDF in the document store, once rendered.
    .addColumn('print_storage_key', 'text')
    .addColumn('print_page_count', 'integer')
    .addColumn('print_batch_id', 'text', (column) =>
      column.references('print_batches.id').onDelete('set null'),
    )
    .addColumn('delivered_at', timestamp)
    .addColumn('printed_at', timestamp)
    .addColumn('sent_at', timestamp)
    .addColumn('failed_at', timestamp)
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  await sql`create index letter_recipients_letter_idx on letter_recipients (letter_id, position)`.execute(
    db,
  );
  // GET /api/sender/v1/messages: what users sent to this provider, newest first.
  await sql`create index letter_recipients_provider_idx on letter_recipients
      (provider_id, created_at desc, id desc) where channel = 'provider'`.execute(db);
  await sql`create index letter_recipients_batch_idx on letter_recipients (print_batch_id)
      where print_batch_id is not null`.execute(db);
  // Collecting a document key checks whether a print PDF still refers to it.
  await sql`create index letter_recipients_print_key_idx on letter_recipients (print_storage_key)
      where print_storage_key is not null`.execute(db);
  await sql`insert into letter_recipients (id, letter_id, position, channel, provider_id, name,
        status, delivered_at, created_at, updated_at)
      select l.id, l.id, 0, 'provider', l.provider_id, p.name, l.delivery_status,
        case when l.delivery_status = 'delivered' then l.created_at end, l.created_at, l.created_at
      from letters l join providers p on p.id = l.provider_id
      where l.direction = 'outbound'`.execute(db);

  await db.schema
    .createTable('letter_drafts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('subject', 'text', (column) => column.notNull())
    // JSON: the shared `letterDraftContentSchema` (recipients, body, upload ids).
    .addColumn('content', 'text', (column) => column.notNull())
    // Raised on every save; a save naming an older version is refused (another tab saved).
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  await sql`create index letter_drafts_account_idx on letter_drafts (account_id, updated_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('organisation', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('email', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('phone', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('street', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('postcode', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('city', 'text', (column) => column.notNull().defaultTo(''))
    // ISO 3166-1 alpha-2; null when the contact has no postal address.
    .addColumn('country', 'text')
    // kuvert | provider | null
    .addColumn('digital_kind', 'text')
    // kuvert: the user's e-mail address on Kuvert.
    .addColumn('digital_email', 'text')
    .addColumn('provider_id', 'text', (column) =>
      column.references('providers.id').onDelete('set null'),
    )
    .addColumn('notes', 'text', (column) => column.notNull().defaultTo(''))
    // Lower-cased name (or organisation): the list's order and its keyset cursor.
    .addColumn('sort_key', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('trashed_at', timestamp)
    .execute();
  await sql`create index contacts_account_idx on contacts (account_id, sort_key, id)
      where trashed_at is null`.execute(db);
  await sql`create index contacts_trashed_idx on contacts (trashed_at) where trashed_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('mail_merges')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    // running | done | failed | cancelled
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    // JSON: the shared `mailMergeDefinitionSchema` as it was sent.
    .addColumn('definition', 'text', (column) => column.notNull())
    .addColumn('total_rows', 'integer', (column) => column.notNull())
    .addColumn('processed_rows', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sent_rows', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('failed_rows', 'integer', (column) => column.notNull().defaultTo(0))
    // Why the whole merge stopped (status failed), e.g. the CSV could no longer be read.
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .addColumn('finished_at', timestamp)
    .execute();
  await sql`create index mail_merges_account_idx on mail_merges (account_id, created_at desc, id desc)`.execute(
    db,
  );

  await db.schema
    .createTable('mail_merge_rows')
    .addColumn('mail_merge_id', 'text', (column) =>
      column.notNull().references('mail_merges.id').onDelete('cascade'),
    )
    // 1-based data row number, as a spreadsheet shows it below the header.
    .addColumn('row_number', 'integer', (column) => column.notNull())
    // sent | failed
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('letter_id', 'text')
    // kuvert | postal, when sent
    .addColumn('channel', 'text')
    .addColumn('recipient_name', 'text', (column) => column.notNull())
    .addColumn('failure_reason', 'text')
    // JSON array of the row's cells, kept for failed rows so they can be downloaded again.
    .addColumn('cells', 'text')
    .addPrimaryKeyConstraint('mail_merge_rows_pk', ['mail_merge_id', 'row_number'])
    .execute();
  await sql`create index mail_merge_rows_failed_idx on mail_merge_rows (mail_merge_id, row_number)
      where status = 'failed'`.execute(db);
}

/**
 * `provider_id` loses NOT NULL and `delivery_status` may be `sent`. PostgreSQL alters the
 * columns. SQLite cannot, so the table is rebuilt (sqlite.org/lang_altertable.html, "making
 * other kinds of table schema changes"): with foreign keys off, so dropping the old table
 * cascades nowhere, keeping every rowid (the search index is keyed by it) and recreating the
 * table's indexes and triggers from their stored definitions.
 */
async function relaxLetters(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const deliveryStatuses = sql.raw(`'queued', 'delivered', 'printed', 'sent', 'failed'`);
  if (context.engine === 'postgres') {
    await sql`alter table letters alter column provider_id drop not null`.execute(db);
    await sql`alter table letters drop constraint letters_delivery_status_check`.execute(db);
    await sql`alter table letters add constraint letters_delivery_status_check
        check (delivery_status in (${deliveryStatuses}))`.execute(db);
    return;
  }
  const { rows: tables } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'letters'`.execute(db);
  const createLetters = tables[0]?.sql ?? '';
  const relaxed = createLetters
    .replace(/^create table "letters"/i, 'create table "letters_rebuilt"')
    .replace(/"provider_id" text not null references/i, '"provider_id" text references')
    .replace(
      /check \(delivery_status in \('queued', 'delivered', 'printed', 'failed'\)\)/i,
      `check (delivery_status in ('queued', 'delivered', 'printed', 'sent', 'failed'))`,
    );
  if (
    !relaxed.includes('letters_rebuilt') ||
    /"provider_id" text not null/i.test(relaxed) ||
    !relaxed.includes(`'sent'`)
  ) {
    throw new Error(`Unexpected definition of letters: ${createLetters}`);
  }
  const { rows: dependents } = await sql<{ sql: string }>`select sql from sqlite_master
      where tbl_name = 'letters' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const { rows: columns } = await sql<{
    name: string;
  }>`select name from pragma_table_info('letters')`.execute(db);
  const columnList = sql.raw(columns.map((column) => `"${column.name}"`).join(', '));

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(relaxed).execute(db);
      await sql`insert into letters_rebuilt (rowid, ${columnList})
          select rowid, ${columnList} from letters`.execute(db);
      await sql`drop table letters`.execute(db);
      await sql`alter table letters_rebuilt rename to letters`.execute(db);
      for (const dependent of dependents) await sql.raw(dependent.sql).execute(db);
      const { rows: broken } = await sql`select * from pragma_foreign_key_check`.execute(db);
      if (broken.length > 0) throw new Error('Rebuilding letters broke a foreign key');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
