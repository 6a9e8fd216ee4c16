import type { FastifyInstance } from 'fastify';
import { newId } from '../db/ids.ts';
import { VALID_IBAN, deliverTestLetter } from './mailbox.ts';
import { addDays, todayOf } from '../modules/invoices/invoice-status.ts';
import { setInvoicePaymentState } from '../modules/invoices/invoices.service.ts';

/** Helpers for the invoice tests: deliveries relative to the fake clock, a running payment. */

export interface TestInvoice {
  amount?: number;
  currency?: string;
  /** Days from the test clock's today; negative for the past. */
  dueInDays?: number;
  iban?: string;
  bic?: string;
  reference?: string;
  subject?: string;
  externalId?: string;
}

export function dayFromToday(app: FastifyInstance, days: number): string {
  return addDays(todayOf(app), days);
}

/** Delivers an invoice through the Sender API; answers its letter id. */
export async function deliverTestInvoice(
  app: FastifyInstance,
  apiKey: string,
  email: string,
  invoice: TestInvoice = {},
): Promise<string> {
  return deliverTestLetter(app, apiKey, email, {
    kind: 'invoice',
    subject: invoice.subject ?? 'Your invoice',
    ...(invoice.externalId ? { external_id: invoice.externalId } : {}),
    invoice: {
      amount: invoice.amount ?? 1000,
      currency: invoice.currency ?? 'EUR',
      due_date: dayFromToday(app, invoice.dueInDays ?? 14),
      iban: invoice.iban ?? VALID_IBAN,
      reference: invoice.reference ?? 'INV-1',
      ...(invoice.bic ? { bic: invoice.bic } : {}),
    },
  });
}

/**
 * A payment waiting for the bank, as the payment flow leaves it: a pending row and the
 * invoice in `payment_pending`.
 */
export async function startTestPayment(app: FastifyInstance, letterId: string): Promise<string> {
  const letter = await app.db
    .selectFrom('letters')
    .select(['account_id', 'invoice_amount', 'invoice_currency'])
    .where('id', '=', letterId)
    .executeTakeFirstOrThrow();
  const now = app.clock.now().toISOString();
  const id = newId(Date.now());
  await app.db
    .insertInto('payments')
    .values({
      id,
      letter_id: letterId,
      account_id: letter.account_id,
      user_id: null,
      method: 'sandbox',
      external_id: null,
      status: 'pending',
      amount: Number(letter.invoice_amount),
      currency: letter.invoice_currency ?? 'EUR',
      failure_reason: null,
      failure_message: null,
      redirect_url: 'http://localhost:3000/sandbox-bank/x',
      idempotency_key: `test-${id}`,
      created_at: now,
      updated_at: now,
      completed_at: null,
    })
    .execute();
  await setInvoicePaymentState(app.db, letterId, 'payment_pending');
  return id;
}
