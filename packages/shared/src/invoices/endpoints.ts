import { endpoint } from '../api/index.ts';
import {
  invoiceSchema,
  markInvoicePaidRequestSchema,
  openInvoiceListSchema,
  openInvoicesQuerySchema,
} from './index.ts';

export const invoiceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/invoices',
    query: openInvoicesQuerySchema,
    answer: openInvoiceListSchema,
  }),
  get: endpoint({ method: 'GET', path: '/api/invoices/:id', answer: invoiceSchema }),
  markPaid: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/mark-paid',
    body: markInvoicePaidRequestSchema,
    answer: invoiceSchema,
  }),
  /** The EPC QR code (PNG) a banking app scans. */
  epcQr: endpoint({ method: 'GET', path: '/api/invoices/:id/epc-qr.png' }),
};
