import { useMutation } from '@tanstack/react-query';
import type { ContactImportPreview } from '@kuvert/shared/contacts';
import type { CsvDelimiter, CsvEncoding } from '@kuvert/shared/uploads';
import { contactEndpoints } from '@kuvert/shared/contacts/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/** Reads the file on the server and answers what an import would save; nothing is saved. */
export interface ContactImportSource {
  file: File;
  /** For a CSV read otherwise than detected. */
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
}

export function previewContactImport(
  accountId: string,
  { file, encoding, delimiter }: ContactImportSource,
): Promise<ContactImportPreview> {
  const body = new FormData();
  body.append('file', file);
  const params = new URLSearchParams({ account_id: accountId });
  if (encoding) params.set('encoding', encoding);
  if (delimiter) params.set('delimiter', delimiter);
  return apiCall(contactEndpoints.previewImport, { query: params, body });
}

export function usePreviewContactImport(accountId: string) {
  return useMutation({
    mutationFn: (source: ContactImportSource) => previewContactImport(accountId, source),
  });
}
