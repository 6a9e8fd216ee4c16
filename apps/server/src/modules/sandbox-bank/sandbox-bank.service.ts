import type { FastifyInstance } from 'fastify';
import type { Language } from '@kuvert/shared/auth';
import { addSeconds } from '../../clock.ts';
import { newSecret } from '../../db/ids.ts';
import {
  decideBankPayment,
  findBankPayment,
  insertBankPayment,
  type BankPaymentRow,
} from './sandbox-bank.repository.ts';

/**
 * The sandbox bank: a pretend bank inside Kuvert, so that the whole payment flow runs on a
 * laptop and in tests. The payments module calls these functions as it would call a bank's
 * API; the payer decides on the bank's own pages (index.ts).
 */

/** A payment nobody decides on in this time is expired, like a bank's consent session. */
export const BANK_PAYMENT_EXPIRY_SECONDS = 30 * 60;

export type BankPaymentStatus = 'pending' | 'approved' | 'declined' | 'abandoned' | 'expired';
export type BankDecision = 'approve' | 'decline' | 'abandon';

const statusOfDecision = {
  approve: 'approved',
  decline: 'declined',
  abandon: 'abandoned',
} as const satisfies Record<BankDecision, BankPaymentStatus>;

export interface NewBankPayment {
  /** Minor units. */
  amount: number;
  currency: string;
  creditorName: string;
  iban: string;
  reference: string;
  /** Where the payer goes after deciding; always on Kuvert's own origin. */
  returnUrl: string;
}

export interface BankPaymentView {
  id: string;
  status: BankPaymentStatus;
  amount: number;
  currency: string;
  creditorName: string;
  iban: string;
  reference: string;
  returnUrl: string;
  expiresAt: Date;
}

function expiresAtOf(row: Pick<BankPaymentRow, 'created_at'>): Date {
  return addSeconds(new Date(row.created_at), BANK_PAYMENT_EXPIRY_SECONDS);
}

function statusOf(row: BankPaymentRow, now: Date): BankPaymentStatus {
  switch (row.status) {
    case 'approved':
    case 'declined':
    case 'abandoned':
      return row.status;
    default:
      return expiresAtOf(row) <= now ? 'expired' : 'pending';
  }
}

function toView(row: BankPaymentRow, now: Date): BankPaymentView {
  return {
    id: row.id,
    status: statusOf(row, now),
    amount: Number(row.amount),
    currency: row.currency,
    creditorName: row.creditor_name,
    iban: row.creditor_iban,
    reference: row.reference,
    returnUrl: row.return_url,
    expiresAt: expiresAtOf(row),
  };
}

/** The payer's consent page; the id is a 192-bit secret, so nobody can guess another's. */
export function bankPaymentPath(id: string, language: Language): string {
  return `/sandbox-bank/payments/${encodeURIComponent(id)}?lang=${language}`;
}

export async function createBankPayment(
  app: Pick<FastifyInstance, 'db' | 'clock' | 'config'>,
  payment: NewBankPayment,
): Promise<{ id: string }> {
  // The bank only ever sends payers back to Kuvert: never an open redirect.
  if (new URL(payment.returnUrl).origin !== new URL(app.config.publicUrl).origin) {
    throw new Error('The sandbox bank returns only to Kuvert');
  }
  const id = newSecret(24);
  await insertBankPayment(app.db, {
    id,
    amount: payment.amount,
    currency: payment.currency,
    creditor_name: payment.creditorName,
    creditor_iban: payment.iban,
    reference: payment.reference,
    return_url: payment.returnUrl,
    status: 'pending',
    created_at: app.clock.now().toISOString(),
    decided_at: null,
  });
  return { id };
}

export async function getBankPayment(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  id: string,
): Promise<BankPaymentView | undefined> {
  const row = await findBankPayment(app.db, id);
  return row ? toView(row, app.clock.now()) : undefined;
}

export type DecisionResult =
  | { outcome: 'decided'; payment: BankPaymentView }
  | { outcome: 'closed'; payment: BankPaymentView }
  | { outcome: 'not_found' };

/** The payer approves, declines or abandons; only once, and only before it expires. */
export async function decideBankPaymentById(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  id: string,
  decision: BankDecision,
): Promise<DecisionResult> {
  const now = app.clock.now();
  const isDecided = await decideBankPayment(app.db, id, {
    status: statusOfDecision[decision],
    decidedAt: now.toISOString(),
    createdAfter: addSeconds(now, -BANK_PAYMENT_EXPIRY_SECONDS).toISOString(),
  });
  const payment = await getBankPayment(app, id);
  if (!payment) return { outcome: 'not_found' };
  return { outcome: isDecided ? 'decided' : 'closed', payment };
}
