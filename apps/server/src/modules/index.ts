import type { FastifyPluginAsync } from 'fastify';
import type { DocumentHolder } from '../documents/document-holders.ts';
import {
  jsonDocumentContributor,
  jsonRowsContributor,
  type PersonalDataContributor,
} from '../personal-data/personal-data-contributors.ts';
import { registerDocumentCollection } from '../documents/document-collection.ts';
import { accessTokenRoutes } from './access-tokens/index.ts';
import {
  eraseAccessTokenData,
  exportAccessTokenData,
} from './access-tokens/access-token-personal-data.ts';
import { accountRoutes } from './accounts/index.ts';
import { accountDeletionRoutes } from './account-deletion/index.ts';
import { registerAccountDeletionJobs } from './account-deletion/account-purge.ts';
import { deletionCancelRoutes } from './auth/deletion-cancel.routes.ts';
import { rowEraser, type PersonalDataEraser } from '../personal-data/personal-data-erasers.ts';
import { coreErasure } from '../personal-data/core-personal-data.ts';
import { liveEventErasure } from '../personal-data/live-event-erasure.ts';
import { accountErasure } from './accounts/account-data-erasure.ts';
import { caseFileErasure } from './case-files/case-file-data-erasure.ts';
import { contactErasure } from './contacts/contact-data-erasure.ts';
import { folderErasure } from './folders/folder-data-erasure.ts';
import { formSubmissionErasure } from './form-submissions/form-submission-data-erasure.ts';
import { formDraftErasure } from './forms/form-draft-data-erasure.ts';
import { identityErasure } from './identity/identity-data-erasure.ts';
import { letterErasure } from './letters/letter-data-erasure.ts';
import { mailMergeErasure } from './mail-merge/mail-merge-data-erasure.ts';
import { invitationErasure } from './members/member-data-erasure.ts';
import { draftErasure } from './outbox/outbox-data-erasure.ts';
import { paymentErasure } from './payments/payment-data-erasure.ts';
import { signerErasure } from './signatures/signature-data-erasure.ts';
import { uploadErasure } from './uploads/upload-data-erasure.ts';
import { userErasure } from './users/user-data-erasure.ts';
import { memberRoutes } from './members/index.ts';
import { authRoutes } from './auth/index.ts';
import { registerCaseFileJobs } from './case-files/case-file-jobs.ts';
import { caseFileRoutes } from './case-files/index.ts';
import { emailChangeRoutes } from './email-change/index.ts';
import { calendarRoutes } from './calendar/index.ts';
import { eraseCalendarData, exportCalendarData } from './calendar/calendar-personal-data.ts';
import {
  eraseForwardingData,
  exportForwardingData,
} from './forwarding/forwarding-personal-data.ts';
import { forwardingRoutes } from './forwarding/index.ts';
import { contactRoutes } from './contacts/index.ts';
import { eventRoutes } from './events/index.ts';
import { folderRoutes } from './folders/index.ts';
import { formRoutes } from './forms/index.ts';
import { formSubmissionRoutes } from './form-submissions/index.ts';
import { healthRoutes } from './health/index.ts';
import { homeRoutes } from './home/index.ts';
import { identityRoutes } from './identity/index.ts';
import { invoiceRoutes } from './invoices/index.ts';
import { registerInvoiceJobs } from './invoices/invoice-reminders.service.ts';
import { registerLetterJobs } from './letters/letter-jobs.ts';
import { letterRoutes } from './letters/letters.routes.ts';
import { mailMergeRoutes } from './mail-merge/index.ts';
import { paymentRoutes } from './payments/index.ts';
import { personalApiRoutes } from './personal-api/index.ts';
import { outboxRoutes } from './outbox/outbox.routes.ts';
import { notificationPreferenceRoutes } from './profile/notification-preferences.ts';
import { postalRoutes } from './postal/index.ts';
import { profileRoutes } from './profile/index.ts';
import { registerWebhookJobs } from './providers/provider-webhooks.service.ts';
import { providerRoutes } from './providers/index.ts';
import { searchRoutes } from './search/index.ts';
import { registerSearchJobs } from './search/search-jobs.ts';
import { senderApiRoutes } from './sender-api/index.ts';
import { signatureRoutes } from './signatures/index.ts';
import { trashRoutes } from './trash/index.ts';
import { uploadRoutes } from './uploads/index.ts';
import { verificationRoutes } from './verification/index.ts';
import { registerStorageMaintenance } from '../plugins/storage-maintenance.ts';
import {
  formFileDocumentHolder,
  formSubmissionDocumentHolder,
} from './form-submissions/form-document-holders.ts';
import {
  eraseEmailChangeData,
  exportEmailChangeData,
} from './email-change/email-change-personal-data.ts';
import { letterDocumentHolder } from './letters/letter-document-holder.ts';
import { providerDocumentHolder } from './providers/provider-document-holder.ts';
import { signatureDocumentHolder } from './signatures/signature-document-holder.ts';
import { uploadDocumentHolder } from './uploads/upload-document-holder.ts';
import { dataExportDocumentHolder } from './data-export/data-export-document-holder.ts';
import { dataExportRoutes } from './data-export/index.ts';
import { dataExportErasure } from './data-export/data-export-data-erasure.ts';
import { caseFileExport } from './case-files/case-file-data-export.ts';
import { contactExport } from './contacts/contact-data-export.ts';
import { folderExport } from './folders/folder-data-export.ts';
import { formSubmissionExport } from './form-submissions/form-submission-data-export.ts';
import { formDraftExport } from './forms/form-draft-data-export.ts';
import { letterExport } from './letters/letter-data-export.ts';
import { outboxExport } from './outbox/outbox-data-export.ts';
import { paymentExport } from './payments/payment-data-export.ts';
import { profileExport } from './profile/profile-data-export.ts';
import { signatureExport } from './signatures/signature-data-export.ts';
import { uploadExport } from './uploads/upload-data-export.ts';

/**
 * Every area that keeps documents in the shared store: a file goes only once none of them
 * uses its key (documents/document-collection.ts). A table with a document key and no holder
 * here fails document-holders.test.ts.
 */
export const documentHolders: readonly DocumentHolder[] = [
  letterDocumentHolder,
  providerDocumentHolder,
  uploadDocumentHolder,
  signatureDocumentHolder,
  formFileDocumentHolder,
  formSubmissionDocumentHolder,
  dataExportDocumentHolder,
];

/**
 * Every area's part of "Download my data" (personal-data/personal-data-contributors.ts), in the order the ZIP
 * holds them. An area whose part is a list of the person's rows is a one-liner:
 * `jsonRowsContributor('access-tokens', exportAccessTokenData)`.
 */
export const personalDataContributors: readonly PersonalDataContributor[] = [
  profileExport,
  letterExport,
  paymentExport,
  signatureExport,
  uploadExport,
  formDraftExport,
  formSubmissionExport,
  caseFileExport,
  contactExport,
  folderExport,
  outboxExport,
  jsonRowsContributor('email-changes', exportEmailChangeData),
  jsonRowsContributor('access-tokens', exportAccessTokenData),
  jsonDocumentContributor('calendar', exportCalendarData),
  jsonDocumentContributor('forwarding', exportForwardingData),
];

/**
 * What each area erases when an account is deleted, in this order (the mailbox's contents
 * before the mailbox, the users row last: it stays as a tombstone). A table with a `user_id`,
 * `account_id` or `…_user_id` column that no eraser names fails personal-data.test.ts. An
 * area's `erase…Data(db, userId)` registers as `rowEraser(name, columns, erase…Data)`.
 */
export const personalDataErasers: readonly PersonalDataEraser[] = [
  coreErasure,
  liveEventErasure,
  identityErasure,
  signerErasure,
  formSubmissionErasure,
  formDraftErasure,
  caseFileErasure,
  paymentErasure,
  letterErasure,
  uploadErasure,
  draftErasure,
  mailMergeErasure,
  contactErasure,
  folderErasure,
  invitationErasure,
  dataExportErasure,
  rowEraser('email-change', ['email_changes.user_id'], eraseEmailChangeData),
  rowEraser('access-tokens', ['personal_access_tokens.user_id'], eraseAccessTokenData),
  rowEraser('calendar', ['calendar_feeds.user_id'], eraseCalendarData),
  rowEraser(
    'forwarding',
    ['forwarding_settings.user_id', 'forwarding_providers.user_id', 'forwarded_letters.user_id'],
    eraseForwardingData,
  ),
  accountErasure,
  userErasure,
];

/** Every API area, mounted under /api. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(memberRoutes);
  await app.register(profileRoutes);
  await app.register(emailChangeRoutes);
  await app.register(notificationPreferenceRoutes);
  // The mailbox (issue 3).
  for (const holder of documentHolders) app.documentHolders.register(holder);
  registerDocumentCollection(app);
  registerLetterJobs(app);
  registerStorageMaintenance(app);
  registerWebhookJobs(app);
  await app.register(letterRoutes);
  await app.register(postalRoutes);
  await app.register(folderRoutes);
  await app.register(trashRoutes);
  registerSearchJobs(app);
  await app.register(searchRoutes);
  await app.register(homeRoutes);
  await app.register(providerRoutes);
  await app.register(eventRoutes);
  // Paying invoices (issue 4).
  await app.register(paymentRoutes);
  await app.register(senderApiRoutes, { prefix: '/sender/v1' });
  // Invoices (issue 4).
  registerInvoiceJobs(app);
  await app.register(invoiceRoutes);
  // Uploads (issue 9).
  await app.register(uploadRoutes);
  // Signature requests (issue 10).
  await app.register(signatureRoutes);
  // Verify a document (issue 10).
  await app.register(verificationRoutes);
  // Writing letters (issue 11).
  await app.register(outboxRoutes);
  // Mail merge (issue 11).
  await app.register(mailMergeRoutes);
  // The address book (issue 11).
  await app.register(contactRoutes);
  // Forms (issue 12).
  await app.register(formRoutes);
  // Filling out forms: files, submissions, delivery and receipts (issue 12).
  await app.register(formSubmissionRoutes);
  // Case files (issue 13).
  registerCaseFileJobs(app);
  await app.register(caseFileRoutes);
  // Identity verification over OpenID Connect (issue 24).
  await app.register(identityRoutes);
  // Deleting one's account (issue 25).
  registerAccountDeletionJobs(app, personalDataErasers);
  await app.register(accountDeletionRoutes);
  await app.register(deletionCancelRoutes);
  // Personal access tokens and the personal API (issue 25).
  await app.register(accessTokenRoutes);
  await app.register(personalApiRoutes, { prefix: '/personal/v1' });
  // Due dates in a calendar, letters forwarded by e-mail (issue 25).
  await app.register(calendarRoutes);
  await app.register(forwardingRoutes);
  // Download my data (issue 25).
  for (const contributor of personalDataContributors) app.personalData.register(contributor);
  await app.register(dataExportRoutes);
};
