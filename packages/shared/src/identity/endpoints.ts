import { endpoint } from '../api/index.ts';
import {
  completeVerificationRequestSchema,
  identityStatusSchema,
  startVerificationResponseSchema,
} from './index.ts';

export const identityEndpoints = {
  /** The caller's verified identity, or null. */
  get: endpoint({ method: 'GET', path: '/api/profile/identity', answer: identityStatusSchema }),
  /** Starts a verification; answers the identity provider's URL to send the browser to. */
  start: endpoint({
    method: 'POST',
    path: '/api/identity/verifications',
    answer: startVerificationResponseSchema,
  }),
  /** Completes it with what the provider answered on the return leg. */
  complete: endpoint({
    method: 'POST',
    path: '/api/identity/verifications/complete',
    body: completeVerificationRequestSchema,
    answer: identityStatusSchema,
  }),
};
