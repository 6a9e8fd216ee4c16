import type { DocumentHolder } from '../../documents/document-holders.ts';
import { findFormFileKeysInUse } from './form-files.repository.ts';
import { findSubmissionKeysInUse } from './form-submissions.repository.ts';

/** Files attached to a form's file fields. */
export const formFileDocumentHolder: DocumentHolder = {
  name: 'form-files',
  columns: ['form_files.storage_key'],
  keysInUse: findFormFileKeysInUse,
};

/** The PDF and attachments of a submission. */
export const formSubmissionDocumentHolder: DocumentHolder = {
  name: 'form-submissions',
  columns: ['form_submission_documents.storage_key'],
  keysInUse: findSubmissionKeysInUse,
};
