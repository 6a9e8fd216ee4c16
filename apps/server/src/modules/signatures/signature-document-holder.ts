import type { DocumentHolder } from '../../documents/document-holders.ts';
import { findSealedKeysInUse } from './signatures.repository.ts';

/** Signature requests keep their sealed copy. */
export const signatureDocumentHolder: DocumentHolder = {
  name: 'signatures',
  columns: ['signature_requests.sealed_storage_key'],
  keysInUse: findSealedKeysInUse,
};
