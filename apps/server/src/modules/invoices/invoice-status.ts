import {
  unpaidInvoiceStatuses,
  type InvoiceStatus,
  type StoredInvoiceStatus,
} from '@kuvert/shared/invoices';
import type { Clock } from '../../clock.ts';

/*
 * The one owner of "overdue". A due date is a calendar day, and whose calendar decides when
 * that day is over: Kuvert counts days in one stated time zone, the `TIME_ZONE` setting
 * (Europe/Berlin by default; config/env.ts). An unpaid invoice is overdue from the first
 * moment of the day after its due date there. The server decides, and says so in every answer
 * (`status: 'overdue'`, `is_overdue`); the web shows what it is told and never compares dates
 * itself, so a browser in another zone, or a server running in UTC, cannot disagree with it.
 */

const unpaid: readonly string[] = unpaidInvoiceStatuses;

/** What "today" is read from: the server's clock and its configured time zone. */
export interface CalendarSource {
  clock: Clock;
  config: { timeZone: string };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The last day asked for in each time zone, with the minute it was asked in. Every page of
 * letters asks for today, and formatToParts costs about as much as presenting the page's
 * rows; a zone's days begin on a whole minute (its offset is whole minutes), so the answer
 * for the same minute is the same.
 */
const lastDays = new Map<string, { minute: number; day: string }>();

/** `instant`'s calendar day (YYYY-MM-DD) in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last !== undefined && last.minute === minute) return last.day;
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  const day = `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
  if (Number.isFinite(minute)) lastDays.set(timeZone, { minute, day });
  return day;
}

/** Today as YYYY-MM-DD in Kuvert's time zone: due dates are calendar days, compared as strings. */
export function todayOf(app: CalendarSource): string {
  return dayIn(app.clock.now(), app.config.timeZone);
}

/** The day `days` after `date` (YYYY-MM-DD): plain calendar arithmetic, no zone involved. */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

export function isUnpaidStatus(stored: string | null): stored is StoredInvoiceStatus {
  return stored !== null && unpaid.includes(stored);
}

/** The due date is a day gone by (`today` from todayOf); due today is not late yet. */
export function isPastDue(dueDate: string, today: string): boolean {
  return dueDate < today;
}

/** Still owed and past its due date. */
export function isOverdue(stored: string | null, dueDate: string, today: string): boolean {
  return isUnpaidStatus(stored) && isPastDue(dueDate, today);
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
      return isOverdue(stored, dueDate, today) ? 'overdue' : 'open';
  }
}
