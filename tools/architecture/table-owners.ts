/*
 * Who owns each table: the one server module whose SQL may name it (`core` = apps/server/src
 * outside modules/: db, plugins, lib, config, cli). Everyone else calls the owner's service.
 * Every table of apps/server/src/db/schema.ts is listed (the check fails on a missing one), and
 * so are the tables that only raw SQL reaches (search indexes, Kysely's migration table).
 */
export const tableOwners: Record<string, string> = {
  // core: sessions, tokens, limits, audit, jobs, live events
  sessions: 'core',
  one_time_tokens: 'core',
  rate_limit_hits: 'core',
  audit_events: 'core',
  jobs: 'core',
  live_events: 'core',
  kysely_migration: 'core',

  users: 'users',
  accounts: 'accounts',
  memberships: 'accounts',
  account_invitations: 'members',
  providers: 'providers',
  provider_api_keys: 'providers',
  idempotency_keys: 'sender-api',
  personal_access_tokens: 'access-tokens',

  folders: 'folders',
  letters: 'letters',
  letter_documents: 'letters',
  letter_recipients: 'letters',
  letter_drafts: 'outbox',
  print_batches: 'postal',
  mail_merges: 'mail-merge',
  mail_merge_rows: 'mail-merge',

  payments: 'payments',
  sandbox_bank_payments: 'sandbox-bank',
  identity_processes: 'identity',
  verified_identities: 'identity',
  test_idp_entries: 'identity',
  email_changes: 'email-change',
  uploads: 'uploads',
  signature_requests: 'signatures',
  signature_signers: 'signatures',
  contacts: 'contacts',

  forms: 'forms',
  form_versions: 'forms',
  form_use_cases: 'forms',
  // drafts are made, listed, saved and deleted in forms; submitting only finds and removes one
  form_drafts: 'forms',
  form_files: 'form-submissions',
  form_submissions: 'form-submissions',
  form_submission_documents: 'form-submissions',

  case_files: 'case-files',
  case_file_items: 'case-files',
  case_file_item_letters: 'case-files',
  case_file_item_uploads: 'case-files',
  case_file_references: 'case-files',
  data_exports: 'data-export',
  data_export_parts: 'data-export',

  account_deletions: 'account-deletion',
  calendar_feeds: 'calendar',
  forwarding_settings: 'forwarding',
  forwarding_providers: 'forwarding',
  forwarded_letters: 'forwarding',

  // the search indexes, reached by raw SQL only
  letters_fts: 'search',
  letters_search_text: 'search',
  uploads_fts: 'search',
  uploads_search: 'search',
  uploads_search_text: 'search',
  uploads_search_accounts: 'search',
};

/**
 * Reads of a foreign table that stay where they are, each with its reason. Only reads, unless
 * `writes` says so: the check still fails on a write, and on any other table the file names.
 */
export const tableReadExceptions: Record<
  string,
  { tables: string[]; reason: string; writes?: true }
> = {
  'apps/server/src/modules/search/postgres-search.repository.ts': {
    tables: ['letters'],
    writes: true,
    reason:
      'On PostgreSQL the search index is a column of letters (search_vector, under a GIN index ' +
      'that the inbox filters share); search writes that column and no other.',
  },
  'apps/server/src/plugins/session-store.ts': {
    tables: ['users'],
    reason:
      'Every request with a cookie looks its session up in one compiled, indexed query that also ' +
      'refuses a disabled user; asking the users module in a second query would double the cost ' +
      'of every request.',
  },
};
