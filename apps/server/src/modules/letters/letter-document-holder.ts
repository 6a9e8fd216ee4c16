import type { DocumentHolder } from '../../documents/document-holders.ts';
import { findLetterKeysInUse } from './letter-writes.repository.ts';

/** Letters keep their documents and, for postal letters, each recipient's print PDF. */
export const letterDocumentHolder: DocumentHolder = {
  name: 'letters',
  columns: ['letter_documents.storage_key', 'letter_recipients.print_storage_key'],
  keysInUse: findLetterKeysInUse,
};
