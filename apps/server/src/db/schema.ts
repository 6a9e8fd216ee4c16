import type { Generated } from 'kysely';
import type {
  DocumentTextFailure,
  DocumentTextStatus,
  LetterDocumentRole,
} from '@kuvert/shared/letters';
import type { DeliveryStatus } from '@kuvert/shared/letters';
import type { PrintLanguage, RecipientChannel } from '@kuvert/shared/outbox';
import type { MailMergeStatus } from '@kuvert/shared/mail-merge';
import type { CountryCode } from '@kuvert/shared/postal';
import type { FormSubmissionStatus, FormUseCase } from '@kuvert/shared/forms';
import type { CaseFileColor } from '@kuvert/shared/case-files';
import type {
  SealStatus,
  SignatureMethod,
  SignatureRequestStatus,
  SignerIdentityRequirement,
  SignerStatus,
} from '@kuvert/shared/signatures';
import type {
  CsvDelimiter,
  CsvEncoding,
  UploadContentType,
  UploadPurpose,
  UploadTextFailure,
  UploadTextSource,
  UploadTextStatus,
} from '@kuvert/shared/uploads';

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 strings in UTC on both engines:
 * TEXT on SQLite, timestamptz on PostgreSQL (parsed back to ISO strings by the pg driver).
 * There are no boolean columns: a nullable timestamp says when something became true.
 */
export interface Database {
  users: UsersTable;
  accounts: AccountsTable;
  memberships: MembershipsTable;
  account_invitations: AccountInvitationsTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  rate_limit_hits: RateLimitHitsTable;
  audit_events: AuditEventsTable;
  jobs: JobsTable;
  providers: ProvidersTable;
  provider_api_keys: ProviderApiKeysTable;
  personal_access_tokens: PersonalAccessTokensTable;
  folders: FoldersTable;
  letters: LettersTable;
  letter_documents: LetterDocumentsTable;
  idempotency_keys: IdempotencyKeysTable;
  payments: PaymentsTable;
  sandbox_bank_payments: SandboxBankPaymentsTable;
  identity_processes: IdentityProcessesTable;
  verified_identities: VerifiedIdentitiesTable;
  email_changes: EmailChangesTable;
  uploads: UploadsTable;
  signature_requests: SignatureRequestsTable;
  signature_signers: SignatureSignersTable;
  letter_recipients: LetterRecipientsTable;
  print_batches: PrintBatchesTable;
  letter_drafts: LetterDraftsTable;
  contacts: ContactsTable;
  mail_merges: MailMergesTable;
  mail_merge_rows: MailMergeRowsTable;
  forms: FormsTable;
  form_versions: FormVersionsTable;
  form_use_cases: FormUseCasesTable;
  form_drafts: FormDraftsTable;
  form_submissions: FormSubmissionsTable;
  form_submission_documents: FormSubmissionDocumentsTable;
  form_files: FormFilesTable;
  case_files: CaseFilesTable;
  case_file_items: CaseFileItemsTable;
  case_file_item_letters: CaseFileItemLettersTable;
  case_file_item_uploads: CaseFileItemUploadsTable;
  case_file_references: CaseFileReferencesTable;
  account_deletions: AccountDeletionsTable;
  calendar_feeds: CalendarFeedsTable;
  live_events: LiveEventsTable;
  test_idp_entries: TestIdpEntriesTable;
  forwarding_settings: ForwardingSettingsTable;
  forwarding_providers: ForwardingProvidersTable;
  forwarded_letters: ForwardedLettersTable;
  data_exports: DataExportsTable;
  data_export_parts: DataExportPartsTable;
}

export interface UsersTable {
  id: string;
  email: string;
  email_verified_at: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  language: string;
  created_at: string;
  updated_at: string;
  disabled_at: string | null;
  /** 1 or 0: mail a notice when a letter arrives. */
  email_on_new_letter: Generated<number>;
  email_due_date_reminders: Generated<number>;
  /** The user's postal address (all four or none): the return line of printed letters. */
  address_street: Generated<string | null>;
  address_postcode: Generated<string | null>;
  address_city: Generated<string | null>;
  address_country: Generated<CountryCode | null>;
}

export interface AccountsTable {
  id: string;
  name: string;
  kind: string;
  created_at: string;
}

export interface MembershipsTable {
  account_id: string;
  user_id: string;
  role: string;
  created_at: string;
  /** The last day (YYYY-MM-DD) the member has access; null: no end. */
  access_until: string | null;
}

export interface AccountInvitationsTable {
  id: string;
  account_id: string;
  /** Normalised like users.email. */
  email: string;
  role: string;
  access_until: string | null;
  /** SHA-256 of the mailed token; the token itself is never stored. */
  token_hash: string;
  invited_by: string;
  /** The language the e-mail was written in (the inviter's). */
  language: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
  revoked_at: string | null;
  /** 'verified': the person must have a verified identity to accept; null: no requirement. */
  identity_requirement: string | null;
}

export interface SessionsTable {
  /** Public id, given to the browser as the login token. */
  id: string;
  /** SHA-256 of the cookie secret; the secret itself is never stored. */
  secret_hash: string;
  user_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  absolute_expires_at: string;
  user_agent: string;
  ip_address: string;
  revoked_at: string | null;
}

export interface OneTimeTokensTable {
  id: string;
  /** SHA-256 of the token mailed to the user. */
  token_hash: string;
  user_id: string;
  purpose: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitHitsTable {
  id: Generated<number>;
  key: string;
  hit_at: string;
}

export interface AuditEventsTable {
  id: string;
  user_id: string;
  type: string;
  created_at: string;
  ip_address: string;
  user_agent: string;
  /** What the event was about (JSON), for events about a mailbox; null for the rest. */
  details: string | null;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface JobsTable {
  /** A UUIDv7, so the primary key also orders jobs by creation. */
  id: string;
  type: string;
  /** JSON, parsed by the job's handler. */
  payload: string;
  status: JobStatus;
  /** Attempts started so far; raised when a worker claims the job. */
  attempts: number;
  max_attempts: number;
  run_at: string;
  /** While running: when the claim expires and another worker may take the job over. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /**
   * Set for periodic jobs: `<type>:<period>`, unique in every status (a partial unique index),
   * so each period runs once for the whole cluster.
   */
  unique_key: Generated<string | null>;
}

export interface ProvidersTable {
  id: string;
  name: string;
  category: string;
  /** The logo's key in the DocumentStore. */
  logo_key: string | null;
  logo_content_type: string | null;
  verified_at: string | null;
  webhook_url: string | null;
  webhook_secret: string | null;
  created_at: string;
}

export interface ProviderApiKeysTable {
  id: string;
  provider_id: string;
  /** SHA-256 of the key; the key itself is shown once and never stored. */
  key_hash: string;
  /** The first characters, so an operator can tell keys apart. */
  key_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Personal access tokens (migration 0026): a person's credentials for the personal API. */
export interface PersonalAccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** read | read_mark_read */
  scope: string;
  /** SHA-256 of the token; the token itself is shown once and never stored. */
  token_hash: string;
  /** The first characters, so the person can tell tokens apart. */
  token_prefix: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface FoldersTable {
  id: string;
  account_id: string;
  name: string;
  created_at: string;
  trashed_at: Generated<string | null>;
}

export type LetterDirectionValue = 'inbound' | 'outbound';

export interface LettersTable {
  id: string;
  account_id: string;
  /**
   * inbound: the provider that sent it; outbound: the provider a reply went to. Null for a
   * letter between Kuvert users (see `sender_*`) and for composed letters (see
   * `letter_recipients`).
   */
  provider_id: string | null;
  direction: LetterDirectionValue;
  kind: string;
  subject: string;
  body: string;
  external_id: string | null;
  recipient_email: string | null;
  in_reply_to: string | null;
  delivery_status: string;
  delivery_failure_reason: string | null;
  read_at: string | null;
  /** Who read it first (migration 0020); null before it was kept and for outbound letters. */
  read_by_user_id: Generated<string | null>;
  folder_id: string | null;
  trashed_at: string | null;
  created_by_user_id: string | null;
  /** Minor units. */
  invoice_amount: number | null;
  invoice_currency: string | null;
  /** YYYY-MM-DD. */
  invoice_due_date: string | null;
  invoice_iban: string | null;
  invoice_bic: string | null;
  invoice_reference: string | null;
  signature_due_date: string | null;
  /** Ties the signers' copies of one signature request together. */
  signature_request_id: Generated<string | null>;
  /** open | payment_pending | paid | failed | cancelled for invoices; null otherwise. */
  invoice_status: Generated<string | null>;
  invoice_paid_at: Generated<string | null>;
  /** kuvert | elsewhere */
  invoice_paid_via: Generated<string | null>;
  invoice_paid_by_user_id: Generated<string | null>;
  invoice_cancelled_at: Generated<string | null>;
  /** When the "due soon" and "overdue" e-mails went out; each goes out once. */
  invoice_reminder_sent_at: Generated<string | null>;
  invoice_overdue_notice_sent_at: Generated<string | null>;
  /** inbound from another Kuvert user: who wrote it, as they were named when it was sent. */
  sender_user_id: Generated<string | null>;
  sender_name: Generated<string | null>;
  sender_email: Generated<string | null>;
  /** outbound: the mail merge that wrote it. */
  mail_merge_id: Generated<string | null>;
  /** inbound from a provider: one of its forms the letter asks the reader to fill out. */
  form_id: Generated<string | null>;
  created_at: string;
}

export interface LetterDocumentsTable {
  id: string;
  letter_id: string;
  position: number;
  filename: string;
  content_type: string;
  size: number;
  /** Key in the DocumentStore; several rows may share one (content-addressed). */
  storage_key: string;
  page_count: number | null;
  /** Extracted text (PDFs), for search. */
  text: string | null;
  extracted_at: string | null;
  text_status: DocumentTextStatus;
  /** Which limit the document broke, when text_status is failed. */
  text_failure: DocumentTextFailure | null;
  /** original | sealed (the sealed copy of a signature request). */
  role: Generated<LetterDocumentRole>;
  created_at: string;
}

export interface IdempotencyKeysTable {
  provider_id: string;
  key: string;
  /** SHA-256 over the request (metadata and document digests). */
  fingerprint: string;
  status: string;
  response_status: number;
  /** The JSON answered the first time, answered again on a retry. */
  response_body: string;
  created_at: string;
}

export interface PaymentsTable {
  id: string;
  /** The invoice: a letter of kind `invoice`. */
  letter_id: string;
  account_id: string;
  user_id: string | null;
  /** sandbox | tink */
  method: string;
  /** The payment provider's id (Tink's payment request id, the sandbox bank's payment id). */
  external_id: string | null;
  /** pending | succeeded | failed | cancelled; at most one pending per invoice. */
  status: string;
  /** Minor units, copied from the invoice when the payment started. */
  amount: number;
  currency: string;
  failure_reason: string | null;
  /** The provider's own words, for logs and support; never shown raw to users. */
  failure_message: string | null;
  redirect_url: string | null;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** The sandbox bank's own ledger: what an outside bank would keep. */
export interface SandboxBankPaymentsTable {
  id: string;
  amount: number;
  currency: string;
  creditor_name: string;
  creditor_iban: string;
  reference: string;
  return_url: string;
  /** pending | approved | declined | abandoned */
  status: string;
  created_at: string;
  decided_at: string | null;
}

/** A user's own document; see migration 0009 for its life. */
export interface UploadsTable {
  id: string;
  account_id: string;
  created_by_user_id: string | null;
  name: string;
  /** receiving (tus in progress) | stored */
  status: 'receiving' | 'stored';
  /** Judged by content; null until the first bytes arrived. */
  content_type: UploadContentType | null;
  /** The announced size (Upload-Length), which is the stored size once complete. */
  size: number;
  /** Upload-Offset: bytes received and kept. */
  received_bytes: Generated<number>;
  /** DocumentStore key once stored. */
  storage_key: string | null;
  sha256: string | null;
  text_status: Generated<UploadTextStatus>;
  text_failure: UploadTextFailure | null;
  text_source: UploadTextSource | null;
  text: string | null;
  page_count: number | null;
  /** DocumentStore key of the thumbnail (a small image made in the processing pool). */
  thumbnail_key: string | null;
  thumbnail_type: string | null;
  encoding: CsvEncoding | null;
  delimiter: CsvDelimiter | null;
  /** `library`, or `mail_merge` (left out of the uploads' lists and search). */
  purpose: Generated<UploadPurpose>;
  created_at: string;
  updated_at: string;
  stored_at: string | null;
  trashed_at: string | null;
}

export interface SignatureRequestsTable {
  id: string;
  /** The letter the provider got back from the Sender API (the recipient's copy). */
  letter_id: string;
  provider_id: string;
  status: SignatureRequestStatus;
  /** YYYY-MM-DD in the server's time zone; the request expires after this day. */
  due_date: string;
  completed_at: string | null;
  declined_at: string | null;
  expired_at: string | null;
  cancelled_at: string | null;
  /** Null until completed or declined. */
  seal_status: SealStatus | null;
  seal_failure: string | null;
  sealed_at: string | null;
  sealed_storage_key: string | null;
  /** SHA-256 (hex) of the whole sealed file, as stored and downloaded. */
  sealed_sha256: string | null;
  /**
   * SHA-256 (hex) of the bytes the seal signs (the file less its /Contents): the verify page
   * finds the request by it. Null before sealing, and for requests sealed before it was kept.
   */
  sealed_signed_sha256: string | null;
  sealed_size: number | null;
  created_at: string;
  updated_at: string;
}

export interface SignatureSignersTable {
  id: string;
  request_id: string;
  position: number;
  email: string;
  user_id: string;
  /** This signer's copy of the letter. */
  letter_id: string;
  status: SignerStatus;
  method: SignatureMethod | null;
  typed_name: string | null;
  /** JSON of `SignatureStrokes` (shared schema) when drawn. */
  strokes: string | null;
  /** The signer's name when they signed or declined. */
  signer_name: string | null;
  signed_at: string | null;
  declined_at: string | null;
  declined_reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
  /**
   * How Kuvert knew it was them: `password` (logged in, password confirmed), `session`
   * (declined while logged in) or `verified_identity` (the identity_* columns).
   */
  identified_by: string | null;
  /** `verified`: the provider requires a verified identity of this signer; null: none. */
  identity_requirement: SignerIdentityRequirement | null;
  /** What the identity provider confirmed when they signed with a verified identity. */
  identity_issuer: string | null;
  identity_acr: string | null;
  identity_name: string | null;
  created_at: string;
}

/** One recipient of an outbound letter and its delivery; see migration 0012. */
export interface LetterRecipientsTable {
  id: string;
  letter_id: string;
  position: number;
  channel: RecipientChannel;
  provider_id: string | null;
  /** kuvert: the address written to, and its user when sent. */
  email: string | null;
  user_id: string | null;
  /** kuvert: the recipient's own copy. */
  delivered_letter_id: string | null;
  contact_id: string | null;
  name: string;
  organisation: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: CountryCode | null;
  /** postal: the language it is printed in; null (queued before 0016): by the country. */
  print_language: PrintLanguage | null;
  status: DeliveryStatus;
  failure_reason: string | null;
  /** postal: DocumentStore key of the print-ready PDF, once rendered. */
  print_storage_key: string | null;
  print_page_count: number | null;
  print_batch_id: string | null;
  delivered_at: string | null;
  printed_at: string | null;
  sent_at: string | null;
  failed_at: string | null;
  created_at: string;
  updated_at: string;
}

export type PrintBatchStatus = 'open' | 'downloaded' | 'sent';

/** The built-in postal channel's batches for the operator (`kuvert print-batches`). */
export interface PrintBatchesTable {
  id: string;
  status: PrintBatchStatus;
  created_at: string;
  downloaded_at: string | null;
  sent_at: string | null;
  updated_at: string;
}

export interface LetterDraftsTable {
  id: string;
  account_id: string;
  created_by_user_id: string | null;
  subject: string;
  /** JSON of the shared `letterDraftFieldsSchema` without the subject. */
  content: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ContactsTable {
  id: string;
  account_id: string;
  name: string;
  organisation: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  street: Generated<string>;
  postcode: Generated<string>;
  city: Generated<string>;
  country: CountryCode | null;
  digital_kind: 'kuvert' | 'provider' | null;
  digital_email: string | null;
  provider_id: string | null;
  notes: Generated<string>;
  /** Lower-cased name, else organisation: the list's order and keyset. */
  sort_key: string;
  created_at: string;
  updated_at: string;
  trashed_at: string | null;
}

export interface MailMergesTable {
  id: string;
  account_id: string;
  created_by_user_id: string | null;
  status: MailMergeStatus;
  subject: string;
  /** JSON of the shared `mailMergeDefinitionSchema`. */
  definition: string;
  total_rows: number;
  processed_rows: Generated<number>;
  sent_rows: Generated<number>;
  failed_rows: Generated<number>;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface MailMergeRowsTable {
  mail_merge_id: string;
  /** 1-based data row below the header. */
  row_number: number;
  status: 'sent' | 'failed';
  letter_id: string | null;
  channel: 'kuvert' | 'postal' | null;
  recipient_name: string;
  failure_reason: string | null;
  /** JSON array of the row's cells, for failed rows. */
  cells: string | null;
}

/** A provider's form with its current version's catalogue fields; see migration 0013. */
export interface FormsTable {
  id: string;
  provider_id: string;
  current_version: number;
  title: string;
  description: Generated<string>;
  /** 1: anyone may fill it out without logging in. */
  is_public: number;
  unpublished_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every published version, never changed. */
export interface FormVersionsTable {
  form_id: string;
  version: number;
  title: string;
  description: Generated<string>;
  /** JSON array of `FormUseCase`. */
  use_cases: string;
  is_public: number;
  /** JSON of the shared `FormSchema`. */
  schema: string;
  /** JSON of the shared `FormUiSchema`. */
  ui_schema: string;
  created_at: string;
}

export interface FormUseCasesTable {
  form_id: string;
  use_case: FormUseCase;
}

export interface FormDraftsTable {
  id: string;
  account_id: string;
  created_by_user_id: string | null;
  form_id: string;
  form_version: number;
  /** JSON object: the answers so far. */
  data: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface FormSubmissionsTable {
  id: string;
  form_id: string;
  form_version: number;
  provider_id: string;
  /** Null for an anonymous visitor. */
  account_id: string | null;
  submitted_by_user_id: string | null;
  reference: string;
  /** JSON object: the answers as validated against `form_version`. */
  data: string;
  submitter_name: string | null;
  submitter_email: string | null;
  status: FormSubmissionStatus;
  failure_reason: string | null;
  language: string;
  draft_id: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface FormSubmissionDocumentsTable {
  id: string;
  submission_id: string;
  position: number;
  kind: 'receipt' | 'attachment';
  /** attachment: the field's dotted path in the answers. */
  field: string | null;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: string;
}

/** A file attached to a file field before submitting; unattached files expire. */
export interface FormFilesTable {
  id: string;
  form_id: string;
  /** Logged in: the account; anonymous: null and `token_hash` is set. */
  account_id: string | null;
  /** Logged in, picked from /uploads: the upload it was copied from. */
  upload_id: string | null;
  /** SHA-256 (hex) of the visitor's upload token. */
  token_hash: string | null;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  submission_id: string | null;
  created_at: string;
  expires_at: string;
}

/** A case file (dossier); see migration 0014. */
export interface CaseFilesTable {
  id: string;
  account_id: string;
  title: string;
  /** Lower-cased title: the A–Z order and its keyset. */
  title_key: string;
  description: Generated<string>;
  color: CaseFileColor;
  /** Live (untrashed) items; kept by the transaction that changes an item. */
  item_count: Generated<number>;
  /** The last time the file or one of its items was created, changed, added or restored. */
  last_activity_at: string;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string;
  trashed_at: string | null;
}

export interface CaseFileItemsTable {
  id: string;
  file_id: string;
  /** The file's account, copied. */
  account_id: string;
  title: string;
  /** YYYY-MM-DD. */
  item_date: string;
  notes: Generated<string>;
  created_by_user_id: string | null;
  created_at: string;
  updated_at: string;
  /** Trashed with its file: exactly the file's `trashed_at`. */
  trashed_at: string | null;
}

export interface CaseFileItemLettersTable {
  item_id: string;
  letter_id: string;
  position: number;
}

/** An item's attachments: uploads of the account, by reference. */
export interface CaseFileItemUploadsTable {
  item_id: string;
  upload_id: string;
  position: number;
}

export interface CaseFileReferencesTable {
  item_id: string;
  /** Normalised: upper case, letters and digits only. */
  reference: string;
  file_id: string;
  account_id: string;
  /** As written, with its label ("Kundennummer 4711-0815"). */
  display: string;
}

/** A verification over OpenID Connect in progress; see migration 0019. */
export interface IdentityProcessesTable {
  id: string;
  user_id: string;
  issuer: string;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** What an identity provider confirmed about a user; one external identity, one user. */
export interface VerifiedIdentitiesTable {
  user_id: string;
  issuer: string;
  subject: string;
  name: string;
  birth_date: string | null;
  acr: string | null;
  /** 1 when the built-in test identity provider verified it. */
  is_test: number;
  verified_at: string;
}

/** A person's request to delete their account; see migration 0024. */
export interface AccountDeletionsTable {
  user_id: string;
  /** SHA-256 (hex) over the user id and the mailed code, while a code is pending. */
  code_hash: string | null;
  code_expires_at: string | null;
  /** Wrong codes entered against the pending code. */
  code_attempts: Generated<number>;
  /** When the person confirmed with the code; null: not (or no longer) scheduled. */
  requested_at: string | null;
  /** When the purge job erases the account; null: not scheduled (never, or cancelled). */
  due_at: string | null;
  /** When the purge erased it: the users row is a tombstone from then on. */
  purged_at: string | null;
  updated_at: string;
}

/** A change of a login's e-mail address: pending until one of its two links is followed. */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  old_email: string;
  new_email: string;
  /** SHA-256 (base64url) of the token in the link mailed to the new address. */
  confirm_token_hash: string;
  /** SHA-256 (base64url) of the token in the link mailed to the old address. */
  cancel_token_hash: string;
  /** The session that asked: it stays logged in when it follows the confirm link itself. */
  requested_session_id: string | null;
  status: 'pending' | 'confirmed' | 'cancelled' | 'replaced';
  created_at: string;
  expires_at: string;
  ended_at: string | null;
}

/** A person's private calendar feed; only the secret's hash is kept. See migration 0027. */
export interface CalendarFeedsTable {
  user_id: string;
  secret_hash: string;
  created_at: string;
}

/** A person's forwarding of letters by e-mail, when on; see migration 0028. */
export interface ForwardingSettingsTable {
  user_id: string;
  /** `all` providers, or only the `chosen` ones of forwarding_providers. */
  scope: string;
  created_at: string;
  updated_at: string;
}

export interface ForwardingProvidersTable {
  user_id: string;
  provider_id: string;
}

/** A letter forwarded to a person: each one once. */
export interface ForwardedLettersTable {
  letter_id: string;
  user_id: string;
  /** `attached` (the PDFs went along), `link` (too big) or `signature` (awaits a signature). */
  outcome: string;
  sent_at: string;
}

/** "Download my data": one export of everything a person may see (0025). */
export interface DataExportsTable {
  id: string;
  user_id: string;
  status: 'pending' | 'running' | 'ready' | 'failed';
  areas_total: Generated<number>;
  areas_done: Generated<number>;
  files_done: Generated<number>;
  bytes_done: Generated<number>;
  /** Why it failed, for the log; the person sees a translated message. */
  failure: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** When a ready export's parts go (7 days after it was made). */
  expires_at: string | null;
}

/** A ZIP of an export in the document store; parts stay below 4 GB (no ZIP64). */
export interface DataExportPartsTable {
  export_id: string;
  part_number: number;
  document_key: string;
  size: number;
  sha256: string;
}

/** A live event kept for the replay window; the id grows in commit order. See migration 0029. */
/** The built-in test identity provider's state, shared by every instance (0031). */
export interface TestIdpEntriesTable {
  /** `{model}:{id}`, e.g. `Session:…`, `Interaction:…`, `SigningKey:current`. */
  key: string;
  /** oidc-provider's payload as JSON. */
  payload: string;
  uid: string | null;
  user_code: string | null;
  grant_id: string | null;
  expires_at: string;
}

export interface LiveEventsTable {
  id: Generated<number>;
  account_id: string;
  /** The event's `type`, for reading the table by eye; the payload holds it too. */
  type: string;
  /** The LiveEvent as JSON, as the browser receives it. */
  payload: string;
  created_at: string;
}
