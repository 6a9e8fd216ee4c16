import { AppError } from '../../plugins/app-error.ts';
import { MAX_ACCESS_TOKEN_DAYS } from '@kuvert/shared/access-tokens';
import { addDays, dayIn } from '../invoices/invoice-status.ts';

/*
 * A token's expiry is a calendar day, the last one it works on, in Kuvert's time zone
 * (`TIME_ZONE`), as every other day the portal shows: it stops at the first moment of the day
 * after, there.
 */

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The first instant of `day` (YYYY-MM-DD) in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the first guess may differ from the one at the answer (DST).
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetAt(guess, timeZone));
}

/** When a token whose last day is `lastDay` stops working; refuses a day out of range. */
export function expiryOf(lastDay: string, now: Date, timeZone: string): Date {
  const today = dayIn(now, timeZone);
  if (lastDay <= today || lastDay > addDays(today, MAX_ACCESS_TOKEN_DAYS)) {
    throw new AppError('ACCESS_TOKEN_EXPIRY_INVALID', {
      details: [{ path: 'body.expires_on', message: 'Between tomorrow and one year from today' }],
    });
  }
  return startOfDayIn(addDays(lastDay, 1), timeZone);
}
