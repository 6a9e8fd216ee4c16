import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Signature requests (DESIGN §8). A provider's letter of kind `signature_request` names its
 * signers; each signer gets a copy of the letter in their own mailbox (`letters
 * .signature_request_id` ties the copies together). When every signer has signed, or one
 * declined, the documents are sealed once and the sealed copy is added to every copy of the
 * letter as a document of role `sealed`; the originals stay.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);
  await db.schema
    .createTable('signature_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // The letter the provider got back from the Sender API (the recipient's copy). No foreign
    // key: the provider's status outlives a user deleting their copy.
    .addColumn('letter_id', 'text', (column) => column.notNull().unique())
    .addColumn('provider_id', 'text', (column) =>
      column.notNull().references('providers.id').onDelete('cascade'),
    )
    // pending | completed | declined | expired | cancelled
    .addColumn('status', 'text', (column) => column.notNull())
    // YYYY-MM-DD in the server's time zone; the request expires after this day.
    .addColumn('due_date', 'text', (column) => column.notNull())
    .addColumn('completed_at', timestamp)
    .addColumn('declined_at', timestamp)
    .addColumn('expired_at', timestamp)
    .addColumn('cancelled_at', timestamp)
    // Sealing, once completed or declined: null before, then sealing | sealed | failed.
    .addColumn('seal_status', 'text')
    .addColumn('seal_failure', 'text')
    .addColumn('sealed_at', timestamp)
    .addColumn('sealed_storage_key', 'text')
    // Of the whole sealed file: the verify page finds the request by it.
    .addColumn('sealed_sha256', 'text')
    .addColumn('sealed_size', 'bigint')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  // The expiry job: pending requests by due date.
  await sql`create index signature_requests_due_idx on signature_requests (status, due_date)`.execute(
    db,
  );
  await sql`create index signature_requests_sealed_sha_idx on signature_requests (sealed_sha256)
      where sealed_sha256 is not null`.execute(db);
  await sql`create index signature_requests_sealed_key_idx on signature_requests (sealed_storage_key)
      where sealed_storage_key is not null`.execute(db);

  await db.schema
    .createTable('signature_signers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('request_id', 'text', (column) =>
      column.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    // Order as the provider listed the signers.
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    // This signer's copy of the letter (no foreign key: it may be deleted forever).
    .addColumn('letter_id', 'text', (column) => column.notNull())
    // pending | signed | declined
    .addColumn('status', 'text', (column) => column.notNull())
    // typed | drawn, once signed
    .addColumn('method', 'text')
    .addColumn('typed_name', 'text')
    // JSON: the drawn strokes, points normalised to the signature box (shared schema).
    .addColumn('strokes', 'text')
    // The signer's name as it was when they signed or declined.
    .addColumn('signer_name', 'text')
    .addColumn('signed_at', timestamp)
    .addColumn('declined_at', timestamp)
    .addColumn('declined_reason', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    // How Kuvert knew it was them, e.g. `password`.
    .addColumn('identified_by', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await sql`create unique index signature_signers_request_user_idx
      on signature_signers (request_id, user_id)`.execute(db);
  // "Waiting for my signature".
  await sql`create index signature_signers_user_idx on signature_signers (user_id, status)`.execute(
    db,
  );
  await sql`create index signature_signers_letter_idx on signature_signers (letter_id)`.execute(db);

  await db.schema.alterTable('letters').addColumn('signature_request_id', 'text').execute();
  await sql`create index letters_signature_request_idx on letters (signature_request_id)
      where signature_request_id is not null`.execute(db);
  // original | sealed
  await db.schema
    .alterTable('letter_documents')
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('original'))
    .execute();
}
