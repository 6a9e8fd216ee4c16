import {
  invoicePaidViaSchema,
  type Invoice,
  type InvoicePaidVia,
  type InvoiceStatus,
} from '@kuvert/shared/invoices';
import type { Money, ProviderRef } from '@kuvert/shared/letters';
import type { SenderInvoiceStatus } from '@kuvert/shared/sender-api';
import { tryBuildEpcQrPayload, type EpcCreditTransfer } from '../../lib/epc-qr.ts';
import { isAllowed } from '../../plugins/account-policy.ts';
import type { InvoicePayments } from './invoice-payments.ts';
import { isOverdue, isUnpaidStatus, presentInvoiceStatus } from './invoice-status.ts';
import type { InvoiceRow } from './invoice-parties.ts';

export function toPaidVia(value: string | null): InvoicePaidVia | null {
  const parsed = invoicePaidViaSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function toProviderRef(row: {
  id: string;
  name: string;
  logo_key: string | null;
  verified_at: string | null;
}): ProviderRef {
  return {
    id: row.id,
    name: row.name,
    has_logo: row.logo_key !== null,
    is_verified: row.verified_at !== null,
  };
}

/** The credit transfer that pays the invoice: to the provider, under the invoice's reference. */
export function toCreditTransfer(row: InvoiceRow): EpcCreditTransfer {
  return {
    beneficiaryName: row.provider_name,
    iban: row.invoice_iban ?? '',
    bic: row.invoice_bic,
    amount: Number(row.invoice_amount ?? 0),
    currency: row.invoice_currency ?? '',
    reference: row.invoice_reference ?? '',
  };
}

/**
 * The EPC QR code's text, for an invoice that is still owed only: a code on a paid or
 * cancelled invoice would invite paying it (again) from a banking app.
 */
export function toEpcQrPayload(row: InvoiceRow): string | undefined {
  if (!isUnpaidStatus(row.invoice_status)) return undefined;
  return tryBuildEpcQrPayload(toCreditTransfer(row));
}

/** Who paid it: "you" for the caller, else by name (in a shared mailbox, another member). */
function paidByOf(row: InvoiceRow, callerId: string): Invoice['paid_by'] {
  if (row.invoice_paid_by_user_id === null) return null;
  const name = `${row.payer_first_name ?? ''} ${row.payer_last_name ?? ''}`.trim();
  return {
    name: name || (row.payer_email ?? ''),
    is_you: row.invoice_paid_by_user_id === callerId,
  };
}

export function toInvoice(
  row: InvoiceRow,
  today: string,
  payments: InvoicePayments | undefined,
  callerId: string,
): Invoice {
  const dueDate = row.invoice_due_date ?? '';
  const isUnpaid = isUnpaidStatus(row.invoice_status);
  return {
    letter_id: row.id,
    account_id: row.account_id,
    subject: row.subject,
    provider: toProviderRef({
      id: row.provider_id,
      name: row.provider_name,
      logo_key: row.provider_logo_key,
      verified_at: row.provider_verified_at,
    }),
    created_at: row.created_at,
    amount: Number(row.invoice_amount ?? 0),
    currency: row.invoice_currency ?? '',
    due_date: dueDate,
    status: presentInvoiceStatus(row.invoice_status, dueDate, today),
    is_overdue: isOverdue(row.invoice_status, dueDate, today),
    creditor: { name: row.provider_name, iban: row.invoice_iban ?? '', bic: row.invoice_bic },
    reference: row.invoice_reference ?? '',
    paid_at: row.invoice_paid_at,
    paid_via: toPaidVia(row.invoice_paid_via),
    paid_by: paidByOf(row, callerId),
    cancelled_at: row.invoice_cancelled_at,
    epc_qr_available: toEpcQrPayload(row) !== undefined,
    // A pending payment leaves this true: the client offers to continue it (active_payment).
    can_pay: isUnpaid && row.trashed_at === null && isAllowed(row.role, 'pay'),
    active_payment: payments?.active ?? null,
    last_payment: payments?.last ?? null,
  };
}

/** One total per currency, in currency order. */
export function totalsOf(invoices: ReadonlyArray<{ amount: number; currency: string }>): Money[] {
  const totals = new Map<string, number>();
  for (const invoice of invoices) {
    totals.set(invoice.currency, (totals.get(invoice.currency) ?? 0) + invoice.amount);
  }
  return [...totals]
    .toSorted(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ amount, currency }));
}

export interface SenderInvoiceRow {
  invoice_status: string | null;
  invoice_amount: number | null;
  invoice_currency: string | null;
  invoice_due_date: string | null;
  invoice_reference: string | null;
  invoice_paid_at: string | null;
  invoice_paid_via: string | null;
  invoice_cancelled_at: string | null;
}

/** What the provider sees of its invoice in GET /api/sender/v1/letters/{id}. */
export function toSenderInvoiceStatus(row: SenderInvoiceRow, today: string): SenderInvoiceStatus {
  const dueDate = row.invoice_due_date ?? '';
  const status: InvoiceStatus = presentInvoiceStatus(row.invoice_status, dueDate, today);
  return {
    status,
    amount: Number(row.invoice_amount ?? 0),
    currency: row.invoice_currency ?? '',
    due_date: dueDate,
    reference: row.invoice_reference ?? '',
    paid_at: row.invoice_paid_at,
    paid_via: toPaidVia(row.invoice_paid_via),
    cancelled_at: row.invoice_cancelled_at,
  };
}
