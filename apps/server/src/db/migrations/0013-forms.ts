import { sql, type Kysely } from 'kysely';
import { timestampType, type MigrationContext } from './context.ts';

/**
 * Forms (DESIGN §8 "Forms", §6): providers publish versioned definitions; people fill them out,
 * logged in or not; submissions reach the provider as Sender API messages with a PDF.
 *
 * - `forms`: one row per form with its current version's catalogue fields, so the catalogue
 *   reads one table. `unpublished_at` set: hidden and not fillable; submissions are kept.
 * - `form_versions`: every published version, never changed; a draft and a submission point to
 *   the version they were filled against.
 * - `form_use_cases`: the current version's use cases, for browsing by use case.
 * - `form_drafts`: a logged-in person's unfinished answers (anonymous drafts never reach the
 *   server).
 * - `form_files`: files attached to a file field before submitting: an upload of the account
 *   (logged in) or a file an anonymous visitor sent with a short-lived token scoped to the form
 *   (`token_hash`). Unattached files expire.
 * - `form_submissions` and `form_submission_documents`: the validated answers, the generated
 *   PDF (kind `receipt`) and the attached files (kind `attachment`).
 * - `letters.form_id`: a letter from a provider may name one of its forms.
 */
export async function up(db: Kysely<unknown>, context: MigrationContext): Promise<void> {
  const timestamp = timestampType(context);

  await db.schema
    .createTable('forms')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('provider_id', 'text', (column) =>
      column.notNull().references('providers.id').onDelete('cascade'),
    )
    .addColumn('current_version', 'integer', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    // 1: anyone may fill it out without logging in; 0: logged-in users only.
    .addColumn('is_public', 'integer', (column) => column.notNull())
    .addColumn('unpublished_at', timestamp)
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('forms_provider_idx')
    .on('forms')
    .columns(['provider_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('form_versions')
    .addColumn('form_id', 'text', (column) =>
      column.notNull().references('forms.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    // JSON array of use-case ids.
    .addColumn('use_cases', 'text', (column) => column.notNull())
    .addColumn('is_public', 'integer', (column) => column.notNull())
    // JSON: the definition as published (checked by the shared `checkFormDefinition`).
    .addColumn('schema', 'text', (column) => column.notNull())
    .addColumn('ui_schema', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addPrimaryKeyConstraint('form_versions_pk', ['form_id', 'version'])
    .execute();

  await db.schema
    .createTable('form_use_cases')
    .addColumn('form_id', 'text', (column) =>
      column.notNull().references('forms.id').onDelete('cascade'),
    )
    .addColumn('use_case', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('form_use_cases_pk', ['form_id', 'use_case'])
    .execute();
  await db.schema
    .createIndex('form_use_cases_use_case_idx')
    .on('form_use_cases')
    .columns(['use_case', 'form_id'])
    .execute();

  await db.schema
    .createTable('form_drafts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('form_id', 'text', (column) =>
      column.notNull().references('forms.id').onDelete('cascade'),
    )
    .addColumn('form_version', 'integer', (column) => column.notNull())
    // JSON object: the answers so far.
    .addColumn('data', 'text', (column) => column.notNull())
    // Optimistic concurrency: a save names the version it started from.
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('form_drafts_account_idx')
    .on('form_drafts')
    .columns(['account_id', 'updated_at', 'id'])
    .execute();

  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('form_id', 'text', (column) =>
      column.notNull().references('forms.id').onDelete('cascade'),
    )
    .addColumn('form_version', 'integer', (column) => column.notNull())
    .addColumn('provider_id', 'text', (column) =>
      column.notNull().references('providers.id').onDelete('cascade'),
    )
    // Null for an anonymous visitor.
    .addColumn('account_id', 'text', (column) =>
      column.references('accounts.id').onDelete('set null'),
    )
    .addColumn('submitted_by_user_id', 'text', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    // The number printed on the PDF and shown to the person, e.g. F-2026-7KQ4-M2XD.
    .addColumn('reference', 'text', (column) => column.notNull().unique())
    // JSON object: the answers as validated against `form_version`.
    .addColumn('data', 'text', (column) => column.notNull())
    .addColumn('submitter_name', 'text')
    // The logged-in user's address, or the anonymous visitor's address for the receipt.
    .addColumn('submitter_email', 'text')
    // processing: the PDF is being made; delivered: the provider can read it; failed.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('failure_reason', 'text')
    // The language of the person who submitted: the PDF and receipt e-mail are in it.
    .addColumn('language', 'text', (column) => column.notNull())
    // The draft it was written in (deleted once submitted), so a retried submit is one.
    .addColumn('draft_id', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('delivered_at', timestamp)
    .execute();
  await sql`create unique index form_submissions_draft_idx on form_submissions (draft_id)
      where draft_id is not null`.execute(db);
  await db.schema
    .createIndex('form_submissions_provider_idx')
    .on('form_submissions')
    .columns(['provider_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('form_submissions_account_idx')
    .on('form_submissions')
    .columns(['account_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('form_submissions_form_idx')
    .on('form_submissions')
    .columns(['form_id', 'form_version'])
    .execute();

  await db.schema
    .createTable('form_submission_documents')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('submission_id', 'text', (column) =>
      column.notNull().references('form_submissions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    // receipt: the generated PDF; attachment: a file from a file field.
    .addColumn('kind', 'text', (column) => column.notNull())
    // attachment: the field's path in the answers, e.g. `documents.proof`.
    .addColumn('field', 'text')
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('form_submission_documents_submission_idx')
    .on('form_submission_documents')
    .columns(['submission_id', 'position'])
    .execute();
  await db.schema
    .createIndex('form_submission_documents_storage_idx')
    .on('form_submission_documents')
    .column('storage_key')
    .execute();

  await db.schema
    .createTable('form_files')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('form_id', 'text', (column) =>
      column.notNull().references('forms.id').onDelete('cascade'),
    )
    // Logged in: the account whose upload it is; anonymous: null, and `token_hash` is set.
    .addColumn('account_id', 'text', (column) =>
      column.references('accounts.id').onDelete('cascade'),
    )
    .addColumn('upload_id', 'text')
    // SHA-256 of the visitor's upload token: only its holder may attach the file.
    .addColumn('token_hash', 'text')
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('submission_id', 'text', (column) =>
      column.references('form_submissions.id').onDelete('set null'),
    )
    .addColumn('created_at', timestamp, (column) => column.notNull())
    // Unattached files are deleted after this.
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('form_files_expiry_idx')
    .on('form_files')
    .columns(['expires_at'])
    .execute();
  await db.schema
    .createIndex('form_files_storage_idx')
    .on('form_files')
    .column('storage_key')
    .execute();

  await db.schema.alterTable('letters').addColumn('form_id', 'text').execute();
}
