import type { DocumentHolder } from '../../documents/document-holders.ts';
import { findUploadKeysInUse } from './uploads.repository.ts';

/** Uploads keep their file and its thumbnail. */
export const uploadDocumentHolder: DocumentHolder = {
  name: 'uploads',
  columns: ['uploads.storage_key', 'uploads.thumbnail_key'],
  keysInUse: findUploadKeysInUse,
};
