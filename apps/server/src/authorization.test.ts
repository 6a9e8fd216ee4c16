import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser, type CreatedUser, type LoggedIn } from './test/factories.ts';
import { createTestApp, testEngines, type TestApp } from './test/helper.ts';
import {
  VALID_IBAN,
  addMember,
  createSharedAccount,
  createTestProvider,
  deliverTestLetter,
  moveLetterToAccount,
  multipart,
  personalAccountOf,
  postLetter,
} from './test/mailbox.ts';
import { SIMPLE_FORM, createTestForm, insertTestSubmission } from './test/sender-forms.ts';
import { deliverTestInvoice } from './test/invoices.ts';
import {
  TINY_PNG,
  createTusUpload,
  headUpload,
  storeUpload,
  tusMetadata,
  uploadIdOf,
} from './test/uploads.ts';
import { newId } from './db/ids.ts';
import { publishTestForm as insertTestForm } from './test/forms.ts';
import { newIdempotencyKey, PAYABLE_INVOICE, startPaymentAs } from './test/payments.ts';
import { runAllJobs, writePostalLetter } from './test/postal.ts';
import { printPdfPath } from '@kuvert/shared/outbox';

/** The mailbox routes (issue 3): every one must be in the matrix below. */
const MAILBOX_PREFIXES = [
  '/api/letters',
  '/api/folders',
  '/api/trash',
  '/api/search',
  '/api/home',
  '/api/providers',
  '/api/events',
  '/api/sender/v1',
  '/api/profile/notifications',
  '/api/invoices',
  '/api/uploads',
  '/api/forms/',
  '/api/form-submissions',
  '/api/signature-requests',
  '/api/outbox',
  '/api/letter-drafts',
  '/api/mail-merges',
  '/api/contacts',
  '/api/forms',
  '/api/form-drafts',
  '/api/case-files',
];

interface Target {
  accountId: string;
  letterId: string;
  documentId: string;
  folderId: string;
  trashedFolderId: string;
  /** A stored CSV upload with a thumbnail, one in the trash, and one still arriving (tus). */
  uploadId: string;
  trashedUploadId: string;
  receivingUploadId: string;
  draftId: string;
  mailMergeId: string;
  /** A postal letter the account sent, rendered for print, and its recipient. */
  postalLetterId: string;
  postalRecipientId: string;
  /** An address-book contact, and one in the trash. */
  contactId: string;
  trashedContactId: string;
  /** A published form (the same for every target), its provider, the account's draft of it and a delivered submission. */
  formId: string;
  formProviderId: string;
  formDraftId: string;
  formSubmissionId: string;
  /** A case file with an item linking the target letter, another file, and one of each trashed. */
  caseFileId: string;
  otherCaseFileId: string;
  caseFileItemId: string;
  trashedCaseFileId: string;
  trashedCaseFileItemId: string;
}

interface SessionCase {
  write: boolean;
  /** Why the other-user check does not apply: the route only ever shows the caller's own data. */
  exempt?: string;
  request(target: Target): InjectOptions;
}

/** The target letters are invoices, so the invoice routes have something to act on. */
const invoiceOf = (amount: number) => ({
  kind: 'invoice',
  invoice: { amount, currency: 'EUR', due_date: '2030-01-31', iban: VALID_IBAN, reference: 'R-1' },
});

const reply = multipart([
  { name: 'subject', value: 'Re' },
  { name: 'body', value: 'Answer' },
]);

const tusHeaders = { 'tus-resumable': '1.0.0' };

/** A mail merge of the target's CSV upload (its columns: item; amount). */
const mailMergeDefinition = (x: Pick<Target, 'accountId' | 'uploadId'>) => ({
  account_id: x.accountId,
  csv: { upload_id: x.uploadId, encoding: 'utf-8', delimiter: ';' },
  source: { kind: 'template', subject: 'About {{item}}', body: 'Amount: {{amount}}' },
  mapping: { fields: { name: 0 }, placeholders: { item: 0, amount: 1 } },
});
const contactFile = multipart([
  {
    name: 'file',
    filename: 'contacts.vcf',
    content: Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Card\r\nEND:VCARD\r\n'),
    contentType: 'text/vcard',
  },
]);

/** The target's trashed folder, upload, contact, case file and item, as the trash page selects them. */
const trashSelectionOf = (x: Target) => ({
  account_id: x.accountId,
  entries: [
    { kind: 'folder', id: x.trashedFolderId },
    { kind: 'upload', id: x.trashedUploadId },
    { kind: 'contact', id: x.trashedContactId },
    { kind: 'case_file', id: x.trashedCaseFileId },
    { kind: 'case_file_item', id: x.trashedCaseFileItemId },
  ],
});

const formFile = multipart([
  { name: 'file', filename: 'proof.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
]);
const formAnswers = { name: 'Someone' };

const sessionCases: Record<string, SessionCase> = {
  'GET /api/letters': {
    write: false,
    request: (x) => ({ url: `/api/letters?account_id=${x.accountId}` }),
  },
  'GET /api/letters/:id': { write: false, request: (x) => ({ url: `/api/letters/${x.letterId}` }) },
  'GET /api/letters/:id/neighbours': {
    write: false,
    request: (x) => ({ url: `/api/letters/${x.letterId}/neighbours` }),
  },
  'GET /api/letters/:id/documents/:documentId/content': {
    write: false,
    request: (x) => ({ url: `/api/letters/${x.letterId}/documents/${x.documentId}/content` }),
  },
  'GET /api/letters/:id/recipients/:recipientId/print.pdf': {
    write: false,
    request: (x) => ({ url: printPdfPath(x.postalLetterId, x.postalRecipientId) }),
  },
  'POST /api/letters/:id/read': {
    write: true,
    request: (x) => ({ method: 'POST', url: `/api/letters/${x.letterId}/read` }),
  },
  'POST /api/letters/:id/unread': {
    write: true,
    request: (x) => ({ method: 'POST', url: `/api/letters/${x.letterId}/unread` }),
  },
  'POST /api/letters/bulk': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/letters/bulk',
      payload: { letter_ids: [x.letterId], action: 'trash' },
    }),
  },
  'POST /api/letters/:id/replies': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/letters/${x.letterId}/replies`,
      headers: { 'content-type': reply.contentType },
      payload: reply.payload,
    }),
  },
  'POST /api/letters/:id/signature/sign': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/letters/${x.letterId}/signature/sign`,
      payload: { method: 'typed', typed_name: 'Me', consent: true, password: 'a password' },
    }),
  },
  'POST /api/letters/:id/signature/decline': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/letters/${x.letterId}/signature/decline`,
      payload: { reason: 'No' },
    }),
  },
  'GET /api/signature-requests/open': {
    write: false,
    exempt: "lists only what waits for the caller's own signature",
    request: () => ({ url: '/api/signature-requests/open' }),
  },
  'GET /api/folders': {
    write: false,
    request: (x) => ({ url: `/api/folders?account_id=${x.accountId}` }),
  },
  'POST /api/folders': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/folders',
      payload: { account_id: x.accountId, name: 'New' },
    }),
  },
  'PATCH /api/folders/:id': {
    write: true,
    request: (x) => ({
      method: 'PATCH',
      url: `/api/folders/${x.folderId}`,
      payload: { name: 'Renamed' },
    }),
  },
  'DELETE /api/folders/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/folders/${x.folderId}` }),
  },
  'GET /api/trash/entries': {
    write: false,
    request: (x) => ({ url: `/api/trash/entries?account_id=${x.accountId}` }),
  },
  'POST /api/trash/restore': {
    write: true,
    request: (x) => ({ method: 'POST', url: '/api/trash/restore', payload: trashSelectionOf(x) }),
  },
  'POST /api/trash/delete': {
    write: true,
    request: (x) => ({ method: 'POST', url: '/api/trash/delete', payload: trashSelectionOf(x) }),
  },
  'POST /api/trash/folders/:id/restore': {
    write: true,
    request: (x) => ({ method: 'POST', url: `/api/trash/folders/${x.trashedFolderId}/restore` }),
  },
  'DELETE /api/trash/folders/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/trash/folders/${x.trashedFolderId}` }),
  },
  'POST /api/trash/empty': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/trash/empty',
      payload: { account_id: x.accountId },
    }),
  },
  'GET /api/search': {
    write: false,
    request: (x) => ({ url: `/api/search?account_id=${x.accountId}&q=letter` }),
  },
  'GET /api/home': {
    write: false,
    request: (x) => ({ url: `/api/home?account_id=${x.accountId}` }),
  },
  'GET /api/providers': {
    write: false,
    request: (x) => ({ url: `/api/providers?account_id=${x.accountId}` }),
  },
  'GET /api/providers/:id/logo': {
    write: false,
    exempt: 'provider logos are a public catalogue (no account data)',
    request: () => ({ url: '/api/providers/some-provider/logo' }),
  },
  'GET /api/events': {
    write: false,
    exempt: "the stream carries only the caller's accounts (events.test.ts)",
    request: () => ({ url: '/api/events' }),
  },
  'GET /api/profile/notifications': {
    write: false,
    exempt: "the caller's own preferences",
    request: () => ({ url: '/api/profile/notifications' }),
  },
  'PUT /api/profile/notifications': {
    write: true,
    exempt: "the caller's own preferences",
    request: () => ({
      method: 'PUT',
      url: '/api/profile/notifications',
      payload: { email_on_new_letter: true, email_due_date_reminders: true },
    }),
  },
  'GET /api/invoices': {
    write: false,
    request: (x) => ({ url: `/api/invoices?account_id=${x.accountId}` }),
  },
  'GET /api/invoices/:id': {
    write: false,
    request: (x) => ({ url: `/api/invoices/${x.letterId}` }),
  },
  'GET /api/invoices/:id/epc-qr.png': {
    write: false,
    request: (x) => ({ url: `/api/invoices/${x.letterId}/epc-qr.png` }),
  },
  'GET /api/letters/:id/calendar.ics': {
    write: false,
    request: (x) => ({ url: `/api/letters/${x.letterId}/calendar.ics` }),
  },
  'POST /api/invoices/:id/mark-paid': {
    write: true,
    request: (x) => ({ method: 'POST', url: `/api/invoices/${x.letterId}/mark-paid`, payload: {} }),
  },
  'POST /api/mail-merges/inspect': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/mail-merges/inspect',
      payload: { account_id: x.accountId, upload_id: x.uploadId },
    }),
  },
  'POST /api/mail-merges/preview': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/mail-merges/preview',
      payload: mailMergeDefinition(x),
    }),
  },
  'POST /api/mail-merges': {
    write: true,
    request: (x) => ({ method: 'POST', url: '/api/mail-merges', payload: mailMergeDefinition(x) }),
  },
  'GET /api/mail-merges': {
    write: false,
    request: (x) => ({ url: `/api/mail-merges?account_id=${x.accountId}` }),
  },
  'GET /api/mail-merges/:id': {
    write: false,
    request: (x) => ({ url: `/api/mail-merges/${x.mailMergeId}` }),
  },
  'GET /api/mail-merges/:id/rows': {
    write: false,
    request: (x) => ({ url: `/api/mail-merges/${x.mailMergeId}/rows` }),
  },
  'GET /api/mail-merges/:id/failed-rows.csv': {
    write: false,
    request: (x) => ({ url: `/api/mail-merges/${x.mailMergeId}/failed-rows.csv` }),
  },
  'GET /api/uploads': {
    write: false,
    request: (x) => ({ url: `/api/uploads?account_id=${x.accountId}` }),
  },
  'GET /api/uploads/usage': {
    write: false,
    request: (x) => ({ url: `/api/uploads/usage?account_id=${x.accountId}` }),
  },
  'GET /api/uploads/:id': { write: false, request: (x) => ({ url: `/api/uploads/${x.uploadId}` }) },
  'PATCH /api/uploads/:id': {
    write: true,
    request: (x) => ({
      method: 'PATCH',
      url: `/api/uploads/${x.uploadId}`,
      payload: { name: 'Renamed.pdf' },
    }),
  },
  'GET /api/uploads/:id/content': {
    write: false,
    request: (x) => ({ url: `/api/uploads/${x.uploadId}/content` }),
  },
  'GET /api/uploads/:id/thumbnail': {
    write: false,
    request: (x) => ({ url: `/api/uploads/${x.uploadId}/thumbnail` }),
  },
  'GET /api/uploads/:id/table': {
    write: false,
    request: (x) => ({ url: `/api/uploads/${x.uploadId}/table` }),
  },
  'POST /api/uploads/trash': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/uploads/trash',
      payload: { account_id: x.accountId, ids: [x.uploadId] },
    }),
  },
  'POST /api/uploads/download': {
    write: false,
    request: (x) => ({
      method: 'POST',
      url: '/api/uploads/download',
      payload: { account_id: x.accountId, ids: [x.uploadId] },
    }),
  },
  'GET /api/uploads/in-progress': {
    write: false,
    request: (x) => ({ url: `/api/uploads/in-progress?account_id=${x.accountId}` }),
  },
  'DELETE /api/uploads/in-progress/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/uploads/in-progress/${x.receivingUploadId}` }),
  },
  'OPTIONS /api/uploads/tus': {
    write: false,
    exempt: "the protocol's capabilities: no account data",
    request: () => ({ method: 'OPTIONS', url: '/api/uploads/tus' }),
  },
  'POST /api/uploads/tus': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: {
        ...tusHeaders,
        'upload-length': '100',
        'upload-metadata': tusMetadata({ filename: 'new.txt', account_id: x.accountId }),
      },
    }),
  },
  'PATCH /api/uploads/tus/:id': {
    write: true,
    request: (x) => ({
      method: 'PATCH',
      url: `/api/uploads/tus/${x.receivingUploadId}`,
      headers: {
        ...tusHeaders,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
      },
      payload: Buffer.from('Some words of a text file.'),
    }),
  },
  'DELETE /api/uploads/tus/:id': {
    write: true,
    request: (x) => ({
      method: 'DELETE',
      url: `/api/uploads/tus/${x.receivingUploadId}`,
      headers: tusHeaders,
    }),
  },
  'POST /api/trash/uploads/:id/restore': {
    write: true,
    request: (x) => ({ method: 'POST', url: `/api/trash/uploads/${x.trashedUploadId}/restore` }),
  },
  'DELETE /api/trash/uploads/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/trash/uploads/${x.trashedUploadId}` }),
  },
  'POST /api/outbox/letters': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/outbox/letters',
      payload: {
        account_id: x.accountId,
        subject: 'Hello',
        body: 'A letter',
        recipients: [{ channel: 'kuvert', email: 'nobody@example.com' }],
      },
    }),
  },
  'GET /api/letter-drafts': {
    write: false,
    request: (x) => ({ url: `/api/letter-drafts?account_id=${x.accountId}` }),
  },
  'POST /api/letter-drafts': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/letter-drafts',
      payload: { account_id: x.accountId, subject: 'New draft' },
    }),
  },
  'GET /api/letter-drafts/:id': {
    write: false,
    request: (x) => ({ url: `/api/letter-drafts/${x.draftId}` }),
  },
  'PUT /api/letter-drafts/:id': {
    write: true,
    request: (x) => ({
      method: 'PUT',
      url: `/api/letter-drafts/${x.draftId}`,
      payload: { version: 1, subject: 'Changed' },
    }),
  },
  'DELETE /api/letter-drafts/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/letter-drafts/${x.draftId}` }),
  },
  'GET /api/contacts': {
    write: false,
    request: (x) => ({ url: `/api/contacts?account_id=${x.accountId}` }),
  },
  'POST /api/contacts': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/contacts',
      payload: { account_id: x.accountId, contact: { name: 'New contact' } },
    }),
  },
  'GET /api/contacts/:id': {
    write: false,
    request: (x) => ({ url: `/api/contacts/${x.contactId}` }),
  },
  'PUT /api/contacts/:id': {
    write: true,
    request: (x) => ({
      method: 'PUT',
      url: `/api/contacts/${x.contactId}`,
      payload: { contact: { name: 'Renamed contact' } },
    }),
  },
  'DELETE /api/contacts/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/contacts/${x.contactId}` }),
  },
  'GET /api/contacts/export': {
    write: false,
    request: (x) => ({ url: `/api/contacts/export?account_id=${x.accountId}&format=vcard` }),
  },
  'POST /api/contacts/import/preview': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/contacts/import/preview?account_id=${x.accountId}`,
      headers: { 'content-type': contactFile.contentType },
      payload: contactFile.payload,
    }),
  },
  'POST /api/contacts/import': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/contacts/import',
      payload: { account_id: x.accountId, contacts: [{ name: 'Imported contact' }] },
    }),
  },
  'POST /api/trash/contacts/:id/restore': {
    write: true,
    request: (x) => ({ method: 'POST', url: `/api/trash/contacts/${x.trashedContactId}/restore` }),
  },
  'DELETE /api/trash/contacts/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/trash/contacts/${x.trashedContactId}` }),
  },
  'GET /api/forms': {
    write: false,
    exempt: 'the catalogue of published forms: no account data',
    request: () => ({ url: '/api/forms' }),
  },
  'GET /api/forms/start': {
    write: false,
    request: (x) => ({ url: `/api/forms/start?account_id=${x.accountId}` }),
  },
  'GET /api/forms/providers': {
    write: false,
    exempt: 'the providers that publish forms: no account data',
    request: () => ({ url: '/api/forms/providers' }),
  },
  'GET /api/forms/providers/:providerId': {
    write: false,
    exempt: "a provider's forms, and a count of the caller's own letters from it",
    request: (x) => ({ url: `/api/forms/providers/${x.formProviderId}` }),
  },
  'GET /api/forms/use-cases': {
    write: false,
    exempt: 'counts of published forms: no account data',
    request: () => ({ url: '/api/forms/use-cases' }),
  },
  'GET /api/forms/:formId': {
    write: false,
    request: (x) => ({ url: `/api/forms/${x.formId}?account_id=${x.accountId}` }),
  },
  'GET /api/form-drafts': {
    write: false,
    request: (x) => ({ url: `/api/form-drafts?account_id=${x.accountId}` }),
  },
  'POST /api/form-drafts': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/form-drafts',
      payload: { account_id: x.accountId, form_id: x.formId, form_version: 1 },
    }),
  },
  'GET /api/form-drafts/:id': {
    write: false,
    request: (x) => ({ url: `/api/form-drafts/${x.formDraftId}` }),
  },
  'PUT /api/form-drafts/:id': {
    write: true,
    request: (x) => ({
      method: 'PUT',
      url: `/api/form-drafts/${x.formDraftId}`,
      payload: { version: 1, data: { name: 'Changed' } },
    }),
  },
  'DELETE /api/form-drafts/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/form-drafts/${x.formDraftId}` }),
  },
  'POST /api/forms/:formId/files': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/forms/${x.formId}/files?account_id=${x.accountId}`,
      headers: { 'content-type': formFile.contentType },
      payload: formFile.payload,
    }),
  },
  'POST /api/forms/:formId/files/from-upload': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/forms/${x.formId}/files/from-upload`,
      payload: { account_id: x.accountId, upload_id: x.uploadId },
    }),
  },
  'POST /api/forms/:formId/submissions': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/forms/${x.formId}/submissions`,
      payload: { account_id: x.accountId, form_version: 1, data: formAnswers },
    }),
  },
  'GET /api/form-submissions': {
    write: false,
    request: (x) => ({ url: `/api/form-submissions?account_id=${x.accountId}` }),
  },
  'GET /api/form-submissions/:id/receipt': {
    write: false,
    request: (x) => ({ url: `/api/form-submissions/${x.formSubmissionId}/receipt` }),
  },
  'GET /api/case-files': {
    write: false,
    request: (x) => ({ url: `/api/case-files?account_id=${x.accountId}` }),
  },
  'POST /api/case-files': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: '/api/case-files',
      payload: { account_id: x.accountId, title: 'New file' },
    }),
  },
  'GET /api/case-files/of-letter/:letterId': {
    write: false,
    request: (x) => ({ url: `/api/case-files/of-letter/${x.letterId}` }),
  },
  'GET /api/case-files/:id': {
    write: false,
    request: (x) => ({ url: `/api/case-files/${x.caseFileId}` }),
  },
  'PATCH /api/case-files/:id': {
    write: true,
    request: (x) => ({
      method: 'PATCH',
      url: `/api/case-files/${x.caseFileId}`,
      payload: { title: 'Changed' },
    }),
  },
  'DELETE /api/case-files/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/case-files/${x.caseFileId}` }),
  },
  'GET /api/case-files/:id/items': {
    write: false,
    request: (x) => ({ url: `/api/case-files/${x.caseFileId}/items` }),
  },
  'POST /api/case-files/:id/items': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/case-files/${x.caseFileId}/items`,
      payload: { title: 'New item', date: '2026-01-02', letter_ids: [x.letterId] },
    }),
  },
  'POST /api/case-files/:id/add': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/case-files/${x.caseFileId}/add`,
      payload: { letter_ids: [x.letterId], upload_ids: [x.uploadId] },
    }),
  },
  'GET /api/case-files/:id/items/:itemId': {
    write: false,
    request: (x) => ({ url: `/api/case-files/${x.caseFileId}/items/${x.caseFileItemId}` }),
  },
  'PATCH /api/case-files/:id/items/:itemId': {
    write: true,
    request: (x) => ({
      method: 'PATCH',
      url: `/api/case-files/${x.caseFileId}/items/${x.caseFileItemId}`,
      payload: { notes: 'Changed' },
    }),
  },
  'POST /api/case-files/:id/items/:itemId/move': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/case-files/${x.caseFileId}/items/${x.caseFileItemId}/move`,
      payload: { file_id: x.otherCaseFileId },
    }),
  },
  'DELETE /api/case-files/:id/items/:itemId': {
    write: true,
    request: (x) => ({
      method: 'DELETE',
      url: `/api/case-files/${x.caseFileId}/items/${x.caseFileItemId}`,
    }),
  },
  'POST /api/trash/case-files/:id/restore': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/trash/case-files/${x.trashedCaseFileId}/restore`,
    }),
  },
  'DELETE /api/trash/case-files/:id': {
    write: true,
    request: (x) => ({ method: 'DELETE', url: `/api/trash/case-files/${x.trashedCaseFileId}` }),
  },
  'POST /api/trash/case-file-items/:id/restore': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/trash/case-file-items/${x.trashedCaseFileItemId}/restore`,
    }),
  },
  'DELETE /api/trash/case-file-items/:id': {
    write: true,
    request: (x) => ({
      method: 'DELETE',
      url: `/api/trash/case-file-items/${x.trashedCaseFileItemId}`,
    }),
  },
};

const senderRoutes = [
  'POST /api/sender/v1/letters',
  'GET /api/sender/v1/letters/:id',
  'POST /api/sender/v1/letters/:id/cancel-invoice',
  'POST /api/sender/v1/letters/:id/cancel-signature',
  'GET /api/sender/v1/letters/:id/signed-document',
  'GET /api/sender/v1/messages',
  'GET /api/sender/v1/messages/:id/documents/:documentId',
  'GET /api/sender/v1/webhook',
  'PUT /api/sender/v1/webhook',
  'POST /api/sender/v1/forms',
  'GET /api/sender/v1/forms',
  'GET /api/sender/v1/forms/:id',
  'PUT /api/sender/v1/forms/:id',
  'DELETE /api/sender/v1/forms/:id',
];

const idsIn = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);

function withUser(options: InjectOptions, user: LoggedIn | undefined): InjectOptions {
  const headers = { ...options.headers, ...(user ? user.headers : {}) };
  return { ...options, headers };
}

describe.each(testEngines)('authorization matrix of the mailbox (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let stranger: CreatedUser & LoggedIn;
  let viewer: CreatedUser & LoggedIn;
  let loggedOut: CreatedUser & LoggedIn;
  let mine: Target;
  let shared: Target;
  let keyOf: { p1: string; p2: string };
  let replyId: string;
  let formId: string;

  const as = (key: string, options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { ...options.headers, authorization: `Bearer ${key}` },
    });

  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: me.headers, payload });
    return String(response.json().id);
  };
  const remove = (url: string) => t.app.inject({ method: 'DELETE', url, headers: me.headers });

  /** A case file with an item linking the letter, another file, and a file and an item in the trash. */
  async function caseFileTargetFor(accountId: string, letterId: string, name: string) {
    const caseFileId = await post('/api/case-files', {
      account_id: accountId,
      title: `${name} file`,
    });
    const otherCaseFileId = await post('/api/case-files', {
      account_id: accountId,
      title: `${name} other file`,
    });
    const item = { title: 'An item', date: '2026-01-01', letter_ids: [letterId] };
    const caseFileItemId = await post(`/api/case-files/${caseFileId}/items`, item);
    const trashedCaseFileItemId = await post(`/api/case-files/${caseFileId}/items`, item);
    await remove(`/api/case-files/${caseFileId}/items/${trashedCaseFileItemId}`);
    const trashedCaseFileId = await post('/api/case-files', {
      account_id: accountId,
      title: `${name} old file`,
    });
    await remove(`/api/case-files/${trashedCaseFileId}`);
    return {
      caseFileId,
      otherCaseFileId,
      caseFileItemId,
      trashedCaseFileId,
      trashedCaseFileItemId,
    };
  }

  async function targetFor(
    accountId: string,
    letterId: string,
    folderName: string,
    form: { formId: string; formProviderId: string },
  ): Promise<Target> {
    const detail = await t.app.inject({
      url: `/api/letters/${letterId}`,
      headers: { cookie: me.cookie },
    });
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: me.headers,
      payload: { account_id: accountId, name: folderName },
    });
    const trashed = await t.app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: me.headers,
      payload: { account_id: accountId, name: `${folderName} (old)` },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/folders/${trashed.json().id}`,
      headers: me.headers,
    });
    // A table, so routes for any kind of upload (its rows too) have something to show.
    const uploadId = await storeUpload(t.app, me, {
      accountId,
      name: `${folderName}.csv`,
      bytes: Buffer.from('item;amount\nrent;900\npower;80\n'),
    });
    const thumbnail = await t.app.documents.put(TINY_PNG, { maxBytes: 1024 });
    await t.app.db
      .updateTable('uploads')
      .set({ thumbnail_key: thumbnail.key, thumbnail_type: 'image/png' })
      .where('id', '=', uploadId)
      .execute();
    const trashedUploadId = await storeUpload(t.app, me, {
      accountId,
      name: `${folderName} (old).txt`,
      bytes: Buffer.from(`Old notes of ${folderName}`),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/uploads/trash',
      headers: me.headers,
      payload: { account_id: accountId, ids: [trashedUploadId] },
    });
    const receiving = await createTusUpload(t.app, me, {
      accountId,
      name: `${folderName} (arriving).txt`,
      length: 100,
    });
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/letter-drafts',
      headers: me.headers,
      payload: { account_id: accountId, subject: `Draft of ${folderName}` },
    });
    const mailMergeId = newId();
    const now = t.app.clock.now().toISOString();
    await t.app.db
      .insertInto('mail_merges')
      .values({
        id: mailMergeId,
        account_id: accountId,
        created_by_user_id: me.user.id,
        status: 'done',
        subject: 'Merged',
        definition: JSON.stringify({
          ...mailMergeDefinition({ accountId, uploadId }),
          columns: ['item', 'amount'],
          csv_storage_key: 'gone',
          sender_user_id: me.user.id,
        }),
        total_rows: 0,
        created_at: now,
        updated_at: now,
        finished_at: now,
      })
      .execute();
    const postal = await writePostalLetter(t.app, {
      accountId,
      userId: me.user.id,
      recipients: [
        {
          name: 'Print Recipient',
          street: 'Road 2',
          postcode: '10115',
          city: 'Berlin',
          country: 'DE',
        },
      ],
    });
    const submission = await t.app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/submissions`,
      headers: me.headers,
      payload: { account_id: accountId, form_version: 1, data: formAnswers },
    });
    await runAllJobs(t.app);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: me.headers,
      payload: { account_id: accountId, contact: { name: `${folderName} contact` } },
    });
    const trashedContact = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: me.headers,
      payload: { account_id: accountId, contact: { name: `${folderName} old contact` } },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${trashedContact.json().id}`,
      headers: me.headers,
    });
    const formDraft = await t.app.inject({
      method: 'POST',
      url: '/api/form-drafts',
      headers: me.headers,
      payload: { account_id: accountId, form_id: form.formId, form_version: 1 },
    });
    const caseFiles = await caseFileTargetFor(accountId, letterId, folderName);
    return {
      ...form,
      ...caseFiles,
      formDraftId: formDraft.json().id,
      mailMergeId,
      postalLetterId: postal.letterId,
      postalRecipientId: postal.recipientIds[0] ?? '',
      accountId,
      contactId: contact.json().id,
      trashedContactId: trashedContact.json().id,
      letterId,
      documentId: detail.json().documents[0].id,
      folderId: folder.json().id,
      trashedFolderId: trashed.json().id,
      uploadId,
      trashedUploadId,
      receivingUploadId: uploadIdOf(receiving),
      draftId: draft.json().id,
      formId,
      formSubmissionId: submission.json().id,
    };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000' });
    me = await createLoggedInUser(t.app);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: me.headers,
      payload: { address: { street: 'Home 1', postcode: '10115', city: 'Berlin', country: 'DE' } },
    });
    stranger = await createLoggedInUser(t.app);
    viewer = await createLoggedInUser(t.app);
    loggedOut = await createLoggedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.headers });
    const p1 = await createTestProvider(t.app);
    const p2 = await createTestProvider(t.app);
    keyOf = { p1: p1.apiKey, p2: p2.apiKey };
    formId = await insertTestForm(t.app, p1.provider.id, {
      public: true,
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name' },
          proof: { type: 'string', format: 'file', title: 'Proof' },
        },
      },
    });

    const sharedAccount = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, sharedAccount, viewer.user.id, 'viewer');
    const letterA = await deliverTestLetter(t.app, p1.apiKey, me.email, {
      subject: 'Letter for A',
      ...invoiceOf(1111),
    });
    const letterB = await deliverTestLetter(t.app, p1.apiKey, me.email, {
      subject: 'Letter for B',
      ...invoiceOf(2222),
    });
    await moveLetterToAccount(t.app, letterB, sharedAccount);
    await deliverTestLetter(t.app, p2.apiKey, stranger.email, {
      subject: 'Stranger letter',
      ...invoiceOf(3333),
    });
    await t.app.jobs.runDueJobs();
    const form = { formId, formProviderId: p1.provider.id };
    mine = await targetFor(personalAccountOf(me), letterA, 'Folder A', form);
    shared = await targetFor(sharedAccount, letterB, 'Folder B', form);
    const answer = await t.app.inject({
      ...withUser(sessionCases['POST /api/letters/:id/replies']?.request(mine) ?? {}, me),
    });
    replyId = answer.json().id;
  });
  afterAll(async () => t.close());

  it('covers every mailbox route', () => {
    const routes = t.app.routeTable
      .filter(
        (route) =>
          // Fastify adds a HEAD beside each GET; the tus HEAD has its own test below.
          route.method !== 'HEAD' &&
          MAILBOX_PREFIXES.some((prefix) => route.url.startsWith(prefix)) &&
          // The payment routes under /api/invoices have their own matrix below.
          !isPaymentRoute(route.url),
      )
      .map((route) => `${route.method} ${route.url}`)
      .toSorted();
    expect(routes).toEqual([...Object.keys(sessionCases), ...senderRoutes].toSorted());
  });

  it('answers 401 to anonymous and logged-out callers on every route', async () => {
    for (const [route, routeCase] of Object.entries(sessionCases)) {
      for (const user of [undefined, loggedOut]) {
        const response = await t.app.inject(withUser(routeCase.request(mine), user));
        expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
      }
    }
  });

  it("answers 404 to another user for every object of someone else's account", async () => {
    for (const [route, routeCase] of Object.entries(sessionCases)) {
      if (routeCase.exempt) continue;
      const response = await t.app.inject(withUser(routeCase.request(mine), stranger));
      expect({ route, status: response.statusCode, code: response.json().code }).toEqual({
        route,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
  });

  it('lets a viewer read everything and change nothing (403)', async () => {
    for (const [route, routeCase] of Object.entries(sessionCases)) {
      if (routeCase.exempt) continue;
      const response = await t.app.inject(withUser(routeCase.request(shared), viewer));
      const expected = routeCase.write ? 403 : 200;
      expect({ route, status: response.statusCode }).toEqual({ route, status: expected });
    }
    const letter = await t.app.inject({
      url: `/api/letters/${shared.letterId}`,
      headers: { cookie: viewer.cookie },
    });
    expect(letter.json().is_read).toBe(false);
  });

  it('answers the tus HEAD of an upload in progress only to whoever began it', async () => {
    const heads = t.app.routeTable.filter(
      (route) => route.method === 'HEAD' && route.url.startsWith('/api/uploads/tus'),
    );
    expect(heads.map((route) => route.url)).toEqual(['/api/uploads/tus/:id']);
    const statusOf = async (target: Target, user: LoggedIn | undefined) =>
      (
        await t.app.inject(
          withUser(
            {
              method: 'HEAD',
              url: `/api/uploads/tus/${target.receivingUploadId}`,
              headers: { 'tus-resumable': '1.0.0' },
            },
            user,
          ),
        )
      ).statusCode;
    expect(await statusOf(mine, undefined)).toBe(401);
    expect(await statusOf(mine, loggedOut)).toBe(401);
    expect(await statusOf(mine, stranger)).toBe(404);
    expect(await statusOf(shared, viewer)).toBe(403);
    expect((await headUpload(t.app, me, shared.receivingUploadId)).statusCode).toBe(200);
  });

  it('keeps two accounts of the same user apart in lists, counts, search and filing', async () => {
    const get = async (url: string) =>
      (await t.app.inject({ url, headers: { cookie: me.cookie } })).json();
    expect(idsIn(await get(`/api/letters?account_id=${shared.accountId}`))).toEqual([
      shared.letterId,
    ]);
    expect(idsIn(await get(`/api/letters?account_id=${mine.accountId}`))).toEqual([mine.letterId]);
    const searchB = await get(`/api/search?account_id=${shared.accountId}&q=letter`);
    expect(searchB.hits.map((hit: { letter: { id: string } }) => hit.letter.id)).toEqual([
      shared.letterId,
    ]);
    expect((await get(`/api/home?account_id=${shared.accountId}`)).unread_letters).toBe(1);
    const invoicesB = await get(`/api/invoices?account_id=${shared.accountId}`);
    expect(invoicesB.items.map((item: { letter_id: string }) => item.letter_id)).toEqual([
      shared.letterId,
    ]);
    expect(invoicesB.totals).toEqual([{ amount: 2222, currency: 'EUR' }]);
    const folders = await get(`/api/folders?account_id=${shared.accountId}`);
    expect(folders.folders.map((folder: { id: string }) => folder.id)).toEqual([shared.folderId]);
    const providers = await get(`/api/providers?account_id=${shared.accountId}`);
    expect(
      providers.providers.map((provider: { letter_count: number }) => provider.letter_count),
    ).toEqual([1]);
    // Filing a letter of A into a folder of B is refused.
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/letters/bulk',
      headers: me.headers,
      payload: { letter_ids: [mine.letterId], action: 'move', folder_id: shared.folderId },
    });
    expect(move.statusCode).toBe(404);
  });

  it('shows a stranger no foreign ids in their own lists, counts and search', async () => {
    const account = personalAccountOf(stranger);
    const get = async (url: string) =>
      (await t.app.inject({ url, headers: { cookie: stranger.cookie } })).body;
    const bodies = [
      await get(`/api/letters?account_id=${account}&view=inbox`),
      await get(`/api/search?account_id=${account}&q=letter`),
      await get(`/api/home?account_id=${account}`),
      await get(`/api/folders?account_id=${account}`),
      await get(`/api/invoices?account_id=${account}`),
      await get(`/api/uploads?account_id=${account}`),
      await get(`/api/trash/entries?account_id=${account}`),
      await get(`/api/forms/start?account_id=${account}`),
      await get(`/api/form-drafts?account_id=${account}`),
      await get(`/api/form-submissions?account_id=${account}`),
      await get(`/api/case-files?account_id=${account}`),
    ];
    for (const body of bodies) {
      for (const foreign of [
        mine.letterId,
        shared.letterId,
        mine.folderId,
        mine.accountId,
        replyId,
        mine.uploadId,
        mine.trashedUploadId,
        shared.uploadId,
        mine.formDraftId,
        shared.formDraftId,
        mine.formSubmissionId,
        shared.formSubmissionId,
        mine.caseFileId,
        shared.caseFileId,
      ]) {
        expect(body).not.toContain(foreign);
      }
    }
    const invoices = JSON.parse(bodies[4] ?? '{}');
    expect(invoices.totals).toEqual([{ amount: 3333, currency: 'EUR' }]);
    expect(JSON.parse(bodies[2] ?? '{}').open_invoices.totals).toEqual(invoices.totals);
  });

  it('keeps providers to their own letters and messages', async () => {
    expect(
      (await as(keyOf.p1, { url: `/api/sender/v1/letters/${mine.letterId}` })).statusCode,
    ).toBe(200);
    expect(
      (await as(keyOf.p2, { url: `/api/sender/v1/letters/${mine.letterId}` })).statusCode,
    ).toBe(404);
    const own = await as(keyOf.p1, { url: '/api/sender/v1/messages' });
    // The reply, among the forms submitted to p1 by the targets.
    const message = own.json().items.find((item: { id: string }) => item.id === replyId);
    expect(message?.id).toBe(replyId);
    expect((await as(keyOf.p2, { url: '/api/sender/v1/messages' })).json().items).toEqual([]);
    const documentUrl = `/api/sender/v1/messages/${replyId}/documents/${message.documents[0]?.id ?? 'none'}`;
    expect((await as(keyOf.p2, { url: documentUrl })).statusCode).toBe(404);
    expect((await as(keyOf.p2, { url: '/api/sender/v1/webhook' })).json()).toEqual({
      url: null,
      secret: null,
    });

    // Forms: another provider can neither read, change nor withdraw p1's, nor see what was
    // submitted to it.
    const senderFormId = await createTestForm(t.app, keyOf.p1);
    const { provider_id: p1Id } = await t.app.db
      .selectFrom('letters')
      .select('provider_id')
      .where('id', '=', mine.letterId)
      .executeTakeFirstOrThrow();
    const submission = await insertTestSubmission(t.app, {
      formId: senderFormId,
      providerId: p1Id ?? '',
      createdAt: t.app.clock.now().toISOString(),
      data: { reading: 1 },
      documents: [
        { kind: 'receipt', position: 0, filename: 'receipt.pdf', content: Buffer.from('%PDF-1.7') },
      ],
    });
    const formUrl = `/api/sender/v1/forms/${senderFormId}`;
    const foreignForm = [
      await as(keyOf.p2, { url: formUrl }),
      await as(keyOf.p2, { method: 'PUT', url: formUrl, payload: SIMPLE_FORM }),
      await as(keyOf.p2, { method: 'DELETE', url: formUrl }),
    ];
    expect(foreignForm.map((response) => response.statusCode)).toEqual([404, 404, 404]);
    expect((await as(keyOf.p2, { url: '/api/sender/v1/forms' })).json().items).toEqual([]);
    expect((await as(keyOf.p1, { url: formUrl })).json()).toMatchObject({
      current_version: 1,
      unpublished_at: null,
    });
    expect((await as(keyOf.p2, { url: '/api/sender/v1/messages' })).json().items).toEqual([]);
    const receiptUrl = `/api/sender/v1/messages/${submission.id}/documents/${submission.documentIds[0] ?? 'none'}`;
    expect((await as(keyOf.p1, { url: receiptUrl })).statusCode).toBe(200);
    expect((await as(keyOf.p2, { url: receiptUrl })).statusCode).toBe(404);
    // A letter of p2 cannot name p1's form.
    const naming = await postLetter(t.app, keyOf.p2, {
      recipient: { email: stranger.email },
      subject: 'Fill this out',
      form_id: senderFormId,
    });
    expect(naming.json().details).toEqual([expect.objectContaining({ path: 'metadata.form_id' })]);

    for (const route of senderRoutes) {
      const [method = 'GET', url = ''] = route.split(' ');
      const options: InjectOptions = {
        method: method === 'POST' || method === 'PUT' || method === 'DELETE' ? method : 'GET',
        url: url
          .replace(':id', url.includes('/forms/') ? senderFormId : mine.letterId)
          .replace(':documentId', mine.documentId),
        headers: me.headers,
      };
      const response = await t.app.inject(options);
      expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
    }
  });
});

/** The payment routes (issue 4): nobody pays or sees another account's payment; viewers never pay. */
interface PaymentTarget {
  invoiceId: string;
  paymentId: string;
}

const paymentCases: Record<string, { write: boolean; request(x: PaymentTarget): InjectOptions }> = {
  'POST /api/invoices/:id/payments': {
    write: true,
    request: (x) => ({
      method: 'POST',
      url: `/api/invoices/${x.invoiceId}/payments`,
      headers: { 'idempotency-key': newIdempotencyKey() },
    }),
  },
  'GET /api/payments/:id': {
    write: false,
    request: (x) => ({ url: `/api/payments/${x.paymentId}` }),
  },
  'POST /api/payments/:id/refresh': {
    write: true,
    request: (x) => ({ method: 'POST', url: `/api/payments/${x.paymentId}/refresh` }),
  },
};

const isPaymentRoute = (url: string) =>
  url.startsWith('/api/payments') || /^\/api\/invoices\/[^/]+\/payments/.test(url);

describe.each(testEngines)('authorization matrix of payments (%s)', (engine) => {
  let t: TestApp;
  let me: CreatedUser & LoggedIn;
  let stranger: CreatedUser & LoggedIn;
  let viewer: CreatedUser & LoggedIn;
  let loggedOut: CreatedUser & LoggedIn;
  let mine: PaymentTarget;
  let shared: PaymentTarget;

  const send = (options: InjectOptions, user: LoggedIn | undefined) => {
    const request = withUser(options, user);
    return t.app.inject(request);
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { LOGIN_MAX_ATTEMPTS_PER_ADDRESS: '1000' });
    me = await createLoggedInUser(t.app);
    stranger = await createLoggedInUser(t.app);
    viewer = await createLoggedInUser(t.app);
    loggedOut = await createLoggedInUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.headers });
    const { apiKey } = await createTestProvider(t.app);
    const sharedAccount = await createSharedAccount(t.app, me.user.id);
    await addMember(t.app, sharedAccount, viewer.user.id, 'viewer');
    const target = async (accountId?: string): Promise<PaymentTarget> => {
      const invoiceId = await deliverTestInvoice(t.app, apiKey, me.email, PAYABLE_INVOICE);
      if (accountId) await moveLetterToAccount(t.app, invoiceId, accountId);
      return { invoiceId, paymentId: (await startPaymentAs(t.app, me, invoiceId)).id };
    };
    mine = await target();
    shared = await target(sharedAccount);
  });
  afterAll(async () => t.close());

  it('covers every payment route', () => {
    const routes = t.app.routeTable
      .filter((route) => route.method !== 'HEAD' && isPaymentRoute(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .toSorted();
    expect(routes).toEqual(Object.keys(paymentCases).toSorted());
  });

  it('answers 401 to anonymous and logged-out callers', async () => {
    for (const [route, routeCase] of Object.entries(paymentCases)) {
      for (const user of [undefined, loggedOut]) {
        const response = await send(routeCase.request(mine), user);
        expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
      }
    }
  });

  it("answers 404 to another user for someone else's invoice and payment", async () => {
    for (const [route, routeCase] of Object.entries(paymentCases)) {
      for (const target of [mine, shared]) {
        const response = await send(routeCase.request(target), stranger);
        expect({ route, status: response.statusCode, code: response.json().code }).toEqual({
          route,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
    }
  });

  it('lets a viewer see a payment but never pay or settle one (403)', async () => {
    for (const [route, routeCase] of Object.entries(paymentCases)) {
      const response = await send(routeCase.request(shared), viewer);
      const expected = routeCase.write ? 403 : 200;
      expect({ route, status: response.statusCode }).toEqual({ route, status: expected });
    }
  });
});
