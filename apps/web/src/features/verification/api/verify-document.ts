import { useMutation } from '@tanstack/react-query';
import { verifyDocumentResultSchema } from '@kuvert/shared/signatures';
import type { VerifyDocumentResult } from '@kuvert/shared/signatures';
import { apiRequest } from '../../../lib/http.ts';

/** Kuvert's CA certificate (PEM), for trusting its seals in a PDF reader. Public. */
export const sealCaCertificateUrl = '/api/seal/ca-certificate';

/** Multipart with one `file` part; nothing of it is kept. Public: works logged out too. */
export function verifyDocument(file: File): Promise<VerifyDocumentResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest('/api/verify-document', {
    method: 'POST',
    body: form,
    schema: verifyDocumentResultSchema,
  });
}

/** Stores nothing, so nothing in the cache changes. */
export function useVerifyDocument() {
  return useMutation({ mutationFn: verifyDocument });
}
