import { useMutation } from '@tanstack/react-query';
import { contactImportPreviewSchema } from '@kuvert/shared/contacts';
import type { ContactImportPreview } from '@kuvert/shared/contacts';
import type { CsvDelimiter, CsvEncoding } from '@kuvert/shared/uploads';
import { apiRequest } from '../../../lib/http.ts';

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
  const query = params.toString();
  return apiRequest(`/api/contacts/import/preview?${query}`, {
    method: 'POST',
    body,
    schema: contactImportPreviewSchema,
  });
}

export function usePreviewContactImport(accountId: string) {
  return useMutation({
    mutationFn: (source: ContactImportSource) => previewContactImport(accountId, source),
  });
}
