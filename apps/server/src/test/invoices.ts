import type { FastifyInstance } from 'fastify';
import { VALID_IBAN, deliverTestLetter } from './mailbox.ts';
import { addDays, todayOf } from '../modules/invoices/invoice-status.ts';

/**
 * Invoices for tests, delivered through the Sender API with due dates relative to the fake
 * clock. A payment is started as the user starts one: startPaymentAs in payments.ts.
 */

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
