import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { paymentSchema, type Payment } from '@kuvert/shared/payments';
import type { LoggedIn } from './factories.ts';
import type { TestInvoice } from './invoices.ts';

/** Factories for payment tests: pay attempts and the sandbox bank's decisions. */

/** The invoice the payment tests pay: the amount, BIC and reference the bank is shown. */
export const PAYABLE_INVOICE = {
  amount: 12345,
  currency: 'EUR',
  dueInDays: 60,
  bic: 'COBADEFFXXX',
  reference: 'RF18 5390 0754 7034',
  subject: 'Invoice 2025-042',
} satisfies TestInvoice;

export function newIdempotencyKey(): string {
  return `pay-${randomUUID()}`;
}

export function requestPayment(
  app: FastifyInstance,
  user: LoggedIn,
  letterId: string,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/invoices/${letterId}/payments`,
    headers: { ...user.headers, 'idempotency-key': idempotencyKey },
  });
}

export function paymentOf(response: LightMyRequestResponse): Payment {
  if (response.statusCode !== 200 && response.statusCode !== 201) {
    throw new Error(`no payment: ${response.statusCode} ${response.body}`);
  }
  return paymentSchema.parse(response.json());
}

/** Starts a payment and answers it; fails the test unless it was created. */
export async function startPaymentAs(
  app: FastifyInstance,
  user: LoggedIn,
  letterId: string,
): Promise<Payment> {
  const response = await requestPayment(app, user, letterId);
  if (response.statusCode !== 201) {
    throw new Error(`payment not started: ${response.statusCode} ${response.body}`);
  }
  return paymentOf(response);
}

export function refreshPayment(
  app: FastifyInstance,
  user: LoggedIn,
  paymentId: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/refresh`,
    headers: user.headers,
  });
}

/** The path (with query) of a redirect URL, for app.inject. */
export function pathOf(url: string | null): string {
  if (!url) throw new Error('no redirect URL');
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The payer's choice on the sandbox bank's page, posted as the browser's form would. */
export function decideAtBank(
  app: FastifyInstance,
  payment: Pick<Payment, 'redirect_url'>,
  decision: 'approve' | 'decline' | 'abandon',
  headers: Record<string, string> = { origin: 'http://localhost:3000' },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: pathOf(payment.redirect_url),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: `decision=${decision}`,
  });
}

/** The stored invoice status of a letter, as the database has it. */
export async function invoiceStatusOf(app: FastifyInstance, letterId: string): Promise<unknown> {
  const row = await app.db
    .selectFrom('letters')
    .select(['invoice_status', 'invoice_paid_via'])
    .where('id', '=', letterId)
    .executeTakeFirstOrThrow();
  return row.invoice_status;
}
