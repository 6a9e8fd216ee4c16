import { endpoint, multipart } from '../api/index.ts';
import {
  declineRequestSchema,
  openSignatureRequestListSchema,
  signRequestSchema,
  verifyDocumentResultSchema,
} from './index.ts';

export const signatureEndpoints = {
  sign: endpoint({
    method: 'POST',
    path: '/api/letters/:id/signature/sign',
    body: signRequestSchema,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/letters/:id/signature/decline',
    body: declineRequestSchema,
  }),
  open: endpoint({
    method: 'GET',
    path: '/api/signature-requests/open',
    answer: openSignatureRequestListSchema,
  }),
  verifyDocument: endpoint({
    method: 'POST',
    path: '/api/verify-document',
    body: multipart,
    answer: verifyDocumentResultSchema,
  }),
  /** The seal's CA certificate, downloaded by the browser. */
  sealCaCertificate: endpoint({ method: 'GET', path: '/api/seal/ca-certificate' }),
};
