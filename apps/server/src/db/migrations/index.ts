import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { MigrationContext } from './context.ts';
import * as foundation from './0001-foundation.ts';
import * as jobs from './0002-jobs.ts';
import * as mailbox from './0003-mailbox.ts';
import * as payments from './0004-payments.ts';
import * as searchByAccount from './0005-search-by-account.ts';
import * as paidInvoices from './0006-paid-invoices.ts';
import * as documentProcessing from './0007-document-processing.ts';
import * as folderTrash from './0008-folder-trash.ts';
import * as uploads from './0009-uploads.ts';
import * as uploadSearch from './0010-upload-search.ts';
import * as signatures from './0011-signatures.ts';
import * as outbox from './0012-outbox.ts';
import * as forms from './0013-forms.ts';
import * as caseFiles from './0014-case-files.ts';
import * as sealedSignedSha256 from './0015-sealed-signed-sha256.ts';
import * as printLanguage from './0016-print-language.ts';
import * as uploadPurpose from './0017-upload-purpose.ts';
import * as mailboxMembers from './0018-mailbox-members.ts';
import * as identityVerification from './0019-identity-verification.ts';
import * as letterReadBy from './0020-letter-read-by.ts';
import * as signerIdentity from './0021-signer-identity.ts';
import * as invitationIdentity from './0022-invitation-identity.ts';
import * as emailChanges from './0023-email-changes.ts';
import * as accountDeletion from './0024-account-deletion.ts';
import * as dataExports from './0025-data-exports.ts';
import * as personalAccessTokens from './0026-personal-access-tokens.ts';
import * as calendarFeeds from './0027-calendar-feeds.ts';
import * as letterForwarding from './0028-letter-forwarding.ts';
import * as liveEvents from './0029-live-events.ts';
import * as periodicJobs from './0030-periodic-jobs.ts';
import * as testIdpEntries from './0031-test-idp-entries.ts';
import * as searchLanguages from './0034-search-languages.ts';

interface MigrationModule {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/** Every migration in order; names are permanent once released. */
const migrations: Record<string, MigrationModule> = {
  '0001-foundation': foundation,
  '0002-jobs': jobs,
  '0003-mailbox': mailbox,
  '0004-payments': payments,
  '0005-search-by-account': searchByAccount,
  '0006-paid-invoices': paidInvoices,
  '0007-document-processing': documentProcessing,
  '0008-folder-trash': folderTrash,
  '0009-uploads': uploads,
  '0010-upload-search': uploadSearch,
  '0011-signatures': signatures,
  '0012-outbox': outbox,
  '0013-forms': forms,
  '0014-case-files': caseFiles,
  '0015-sealed-signed-sha256': sealedSignedSha256,
  '0016-print-language': printLanguage,
  '0017-upload-purpose': uploadPurpose,
  '0018-mailbox-members': mailboxMembers,
  '0019-identity-verification': identityVerification,
  '0020-letter-read-by': letterReadBy,
  '0021-signer-identity': signerIdentity,
  '0022-invitation-identity': invitationIdentity,
  '0023-email-changes': emailChanges,
  '0024-account-deletion': accountDeletion,
  '0025-data-exports': dataExports,
  '0026-personal-access-tokens': personalAccessTokens,
  '0027-calendar-feeds': calendarFeeds,
  '0028-letter-forwarding': letterForwarding,
  '0029-live-events': liveEvents,
  '0030-periodic-jobs': periodicJobs,
  '0031-test-idp-entries': testIdpEntries,
  '0034-search-languages': searchLanguages,
};

export function createMigrationProvider(context: MigrationContext): MigrationProvider {
  return {
    async getMigrations() {
      const bound: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(migrations)) {
        bound[name] = { up: (db) => migration.up(db, context) };
      }
      return bound;
    },
  };
}
