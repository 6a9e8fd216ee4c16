import { invoiceEndpoints } from '@kuvert/shared/invoices/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceSchema,
  markInvoicePaidRequestSchema,
  openInvoiceListSchema,
  openInvoicesQuerySchema,
} from '@kuvert/shared/invoices';
import { requestOrigin } from '../../plugins/audit.ts';
import { binaryResponse, errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { markInvoicePaid } from './invoice-actions.service.ts';
import { getInvoice, getInvoiceEpcQrPng, listInvoices } from './invoices.service.ts';

const invoiceParamsSchema = z.object({
  id: z.string().min(1).max(64).describe('The letter id of the invoice'),
});

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    declared.get(invoiceEndpoints.list),
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Unpaid (or, with status=paid, recently paid) invoices of one account, with totals per currency',
        querystring: openInvoicesQuerySchema,
        response: { 200: openInvoiceListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listInvoices(app, requireSession(request).userId, request.query),
  );

  app.get(
    declared.get(invoiceEndpoints.get),
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice with its payment status; 404 for a letter that is no invoice',
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getInvoice(app, requireSession(request).userId, request.params.id),
  );

  app.get(
    declared.get(invoiceEndpoints.epcQr),
    {
      schema: {
        tags: ['invoices'],
        summary:
          'EPC QR code (GiroCode) to pay with a banking app; 404 unless epc_qr_available is true',
        params: invoiceParamsSchema,
        response: {
          200: binaryResponse('A PNG image', ['image/png']),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const png = await getInvoiceEpcQrPng(app, requireSession(request).userId, request.params.id);
      return reply.header('cache-control', 'private, no-store').type('image/png').send(png);
    },
  );

  app.post(
    declared.post(invoiceEndpoints.markPaid),
    {
      schema: {
        tags: ['invoices'],
        summary:
          'Mark paid outside Kuvert; the provider is told (invoice.paid, paid_via elsewhere)',
        params: invoiceParamsSchema,
        body: markInvoicePaidRequestSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return markInvoicePaid(
        app,
        session.userId,
        request.params.id,
        request.body,
        requestOrigin(request),
      );
    },
  );
};
