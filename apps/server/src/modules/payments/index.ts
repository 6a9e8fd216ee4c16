import { paymentEndpoints } from '@kuvert/shared/payments/endpoints';
import { declared } from '../../plugins/declared-routes.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPaymentHeadersSchema, paymentSchema } from '@kuvert/shared/payments';
import { requestOrigin } from '../../plugins/audit.ts';
import { errorResponses } from '../../plugins/openapi.ts';
import { requireSession } from '../../plugins/session.ts';
import { registerPaymentJobs } from './payment-jobs.ts';
import { createPaymentProvider } from './payment-providers.ts';
import { getPayment, refreshPayment, startPayment } from './payments.service.ts';

const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
const tags = ['payments'];

/** Paying invoices through the payment provider (the sandbox bank or Tink). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createPaymentProvider(app);
  registerPaymentJobs(app, provider);

  app.post(
    declared.post(paymentEndpoints.create),
    {
      schema: {
        tags,
        summary: 'Start paying an invoice; answers the payment with the bank redirect',
        description:
          'Members only. The same Idempotency-Key from the same user answers the same payment ' +
          '(200); a new payment is 201. While another payment of the invoice is running: 409 ' +
          'PAYMENT_IN_PROGRESS. The provider unreachable: 502, and nothing was started.',
        params: idParamsSchema,
        // Loose: the other headers (the user agent, for the audit log) stay readable.
        headers: createPaymentHeadersSchema.loose(),
        response: {
          200: paymentSchema,
          201: paymentSchema,
          ...errorResponses(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const { payment, isCreated } = await startPayment(app, provider, {
        userId: requireSession(request).userId,
        letterId: request.params.id,
        idempotencyKey: request.headers['idempotency-key'],
        origin: requestOrigin(request),
      });
      return reply.status(isCreated ? 201 : 200).send(payment);
    },
  );

  app.get(
    declared.get(paymentEndpoints.get),
    {
      schema: {
        tags,
        summary: 'One payment as stored; any member of its account, viewers too',
        params: idParamsSchema,
        response: { 200: paymentSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getPayment(app, requireSession(request).userId, request.params.id),
  );

  app.post(
    declared.post(paymentEndpoints.refresh),
    {
      schema: {
        tags,
        summary: 'Ask the provider for the outcome (after the bank) and settle the payment',
        description:
          'The outcome comes from the provider only: nothing in the return URL, the query ' +
          'string or the body can change it. Idempotent.',
        params: idParamsSchema,
        response: { 200: paymentSchema, ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request) =>
      refreshPayment(app, provider, requireSession(request).userId, request.params.id),
  );
};
