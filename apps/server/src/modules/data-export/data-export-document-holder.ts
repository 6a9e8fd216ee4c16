import type { DocumentHolder } from '../../documents/document-holders.ts';
import { findDataExportKeysInUse } from './data-export.repository.ts';

/** The ZIP parts of exports, until they expire. */
export const dataExportDocumentHolder: DocumentHolder = {
  name: 'data-exports',
  columns: ['data_export_parts.document_key'],
  keysInUse: findDataExportKeysInUse,
};
