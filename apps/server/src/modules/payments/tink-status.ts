import type { ProviderPaymentStatus } from './payment-provider.ts';

/**
 * Tink's transfer statuses (GET /api/v1/payments/requests/{id}/transfers) in Kuvert's words.
 * Tink's docs ("Payment status transitions") name SENT, SETTLED, CANCELLED and FAILED final;
 * SENT means the bank accepted the payment, so it and every settlement step after it count as
 * paid. The intermediate statuses, and those of older API versions, stay pending. CANCELLED
 * is Tink's "expected error": the payer gave up, failed to authorise, or lacked funds.
 */
export const tinkTransferStatuses = {
  // Intermediate: the payer is still at Tink Link or at the bank.
  CREATED: { status: 'pending' },
  EXECUTING: { status: 'pending' },
  AWAITING_CREDENTIALS: { status: 'pending' },
  AWAITING_THIRD_PARTY_APP_AUTHENTICATION: { status: 'pending' },
  SIGNED: { status: 'pending' },
  // Bulk payments only; a one-time payment never has it. Kept pending: never pay twice.
  PARTIALLY_SENT: { status: 'pending' },
  PAYMENT_STATUS_TYPE_UNSPECIFIED: { status: 'pending' },
  UNKNOWN: { status: 'pending' },
  // The bank accepted the payment; the later ones only follow the money.
  SENT: { status: 'succeeded' },
  EXECUTED: { status: 'succeeded' },
  SETTLEMENT_IN_PROGRESS: { status: 'succeeded' },
  SETTLEMENT_COMPLETED: { status: 'succeeded' },
  SETTLED: { status: 'succeeded' },
  SETTLED_PAYER: { status: 'succeeded' },
  SETTLED_PAYEE: { status: 'succeeded' },
  // Final without payment.
  CANCELLED: { status: 'cancelled', failureReason: 'cancelled_by_user' },
  REJECTED: { status: 'failed', failureReason: 'declined' },
  FAILED: { status: 'failed', failureReason: 'provider_error' },
} as const satisfies Record<string, ProviderPaymentStatus>;

export interface TinkTransfer {
  status: string;
  statusMessage?: string | null | undefined;
  updated?: number | null | undefined;
}

const INSUFFICIENT_FUNDS = /insufficient|not enough (funds|money)|balance/i;

function isKnownStatus(status: string): status is keyof typeof tinkTransferStatuses {
  return Object.hasOwn(tinkTransferStatuses, status);
}

/** One transfer's outcome; an unknown status is pending (and `isUnknown`, to be logged). */
export function mapTinkTransfer(transfer: TinkTransfer): {
  outcome: ProviderPaymentStatus;
  isUnknown: boolean;
} {
  if (!isKnownStatus(transfer.status)) return { outcome: { status: 'pending' }, isUnknown: true };
  const mapped: ProviderPaymentStatus = tinkTransferStatuses[transfer.status];
  if (mapped.status !== 'failed' && mapped.status !== 'cancelled') {
    return { outcome: mapped, isUnknown: false };
  }
  const message = transfer.statusMessage ?? undefined;
  // Tink cancels for lack of funds too; the payer should hear that, not "you cancelled".
  if (message && INSUFFICIENT_FUNDS.test(message)) {
    return {
      outcome: { status: 'failed', failureReason: 'insufficient_funds', message },
      isUnknown: false,
    };
  }
  return {
    outcome: message ? { ...mapped, message } : mapped,
    isUnknown: false,
  };
}

/**
 * A payment request's outcome from all its transfers (normally one; a payer who retries in
 * Tink Link makes more): paid if any transfer went through, pending while any is under way,
 * else the newest transfer's end. `undefined` when there is no transfer yet.
 */
export function summariseTinkTransfers(
  transfers: readonly TinkTransfer[],
): { outcome: ProviderPaymentStatus; unknownStatuses: string[] } | undefined {
  if (transfers.length === 0) return undefined;
  const mapped = transfers.map((transfer) => ({ transfer, ...mapTinkTransfer(transfer) }));
  const unknownStatuses = mapped
    .filter((entry) => entry.isUnknown)
    .map((entry) => entry.transfer.status);
  const succeeded = mapped.find((entry) => entry.outcome.status === 'succeeded');
  if (succeeded) return { outcome: succeeded.outcome, unknownStatuses };
  if (mapped.some((entry) => entry.outcome.status === 'pending')) {
    return { outcome: { status: 'pending' }, unknownStatuses };
  }
  const newest = mapped.toSorted(
    (a, b) => (b.transfer.updated ?? 0) - (a.transfer.updated ?? 0),
  )[0];
  return newest ? { outcome: newest.outcome, unknownStatuses } : undefined;
}
