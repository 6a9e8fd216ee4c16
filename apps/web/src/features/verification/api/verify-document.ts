import { useMutation } from '@tanstack/react-query';
import type { VerifyDocumentResult } from '@kuvert/shared/signatures';
import { signatureEndpoints } from '@kuvert/shared/signatures/endpoints';
import { apiCall, apiPath } from '../../../lib/api-client.ts';

/** Kuvert's CA certificate (PEM), for trusting its seals in a PDF reader. Public. */
export const sealCaCertificateUrl = apiPath(signatureEndpoints.sealCaCertificate);

/** Multipart with one `file` part; nothing of it is kept. Public: works logged out too. */
export function verifyDocument(file: File): Promise<VerifyDocumentResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiCall(signatureEndpoints.verifyDocument, { body: form });
}

/** Stores nothing, so nothing in the cache changes. */
export function useVerifyDocument() {
  return useMutation({ mutationFn: verifyDocument });
}
