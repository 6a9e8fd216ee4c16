import {
  unpaidInvoiceStatuses,
  type InvoiceStatus,
  type StoredInvoiceStatus,
} from '@kuvert/shared/invoices';
import type { Clock } from '../../clock.ts';

const unpaid: readonly string[] = unpaidInvoiceStatuses;

/** Today as YYYY-MM-DD in UTC: due dates are calendar days, compared as strings. */
export function todayOf(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}

/** The day `days` after `date` (YYYY-MM-DD), in UTC. */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

export function isUnpaidStatus(stored: string | null): stored is StoredInvoiceStatus {
  return stored !== null && unpaid.includes(stored);
}

export function isOverdue(stored: string | null, dueDate: string, today: string): boolean {
  return isUnpaidStatus(stored) && dueDate < today;
}

/**
 * What the user sees. An open invoice past its due date is `overdue`; a pending payment or a
 * failed attempt says so even when late (`is_overdue` carries the lateness then).
 */
export function presentInvoiceStatus(
  stored: string | null,
  dueDate: string,
  today: string,
): InvoiceStatus {
  switch (stored) {
    case 'paid':
    case 'cancelled':
    case 'payment_pending':
    case 'failed':
      return stored;
    default:
      return dueDate < today ? 'overdue' : 'open';
  }
}
