import type { DocumentHolder } from '../../documents/document-holders.ts';
import { findLogoKeysInUse } from './providers.repository.ts';

/** Providers keep their logo in the document store. */
export const providerDocumentHolder: DocumentHolder = {
  name: 'providers',
  columns: ['providers.logo_key'],
  keysInUse: findLogoKeysInUse,
};
