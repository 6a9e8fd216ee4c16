import { endpoint } from '../api/index.ts';
import { paymentSchema } from './index.ts';

export const paymentEndpoints = {
  /** Carries `IDEMPOTENCY_KEY_HEADER`: the same key answers with the same payment. */
  create: endpoint({ method: 'POST', path: '/api/invoices/:id/payments', answer: paymentSchema }),
  get: endpoint({ method: 'GET', path: '/api/payments/:id', answer: paymentSchema }),
  refresh: endpoint({ method: 'POST', path: '/api/payments/:id/refresh', answer: paymentSchema }),
};
