import { getLanguage } from './i18n.ts';
import { getDateTimeFormat, getNumberFormat } from './intl-format.ts';
import type { Language } from '@kuvert/shared/auth';

type DateInput = Date | string | number;

function isSameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** For lists: the time for today's items, the day for this year's, the full date before. */
export function formatListDate(
  value: DateInput,
  now: Date = new Date(),
  language: Language = getLanguage(),
): string {
  const date = new Date(value);
  if (isSameDay(date, now)) {
    return getDateTimeFormat(language, { timeStyle: 'short' }).format(date);
  }
  if (date.getFullYear() === now.getFullYear()) {
    return getDateTimeFormat(language, { day: 'numeric', month: 'short' }).format(date);
  }
  return getDateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A calendar date (`YYYY-MM-DD`) as the user reads it, without a time zone shift. */
export function formatCalendarDate(isoDate: string, language: Language = getLanguage()): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return getDateTimeFormat(language, { dateStyle: 'medium' }).format(
    new Date(year, month - 1, day),
  );
}

/** File sizes: 512 B, 12 KB, 3.4 MB. */
export function formatFileSize(bytes: number, language: Language = getLanguage()): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const number = getNumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}

/** Today as `YYYY-MM-DD` in the user's own time zone (what a date field shows). */
export function localIsoDate(date: Date = new Date()): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * How long to wait, as a person says it: "45 seconds" below a minute, else whole minutes or
 * hours rounded up ("in 890 seconds" reads "in 15 minutes"), in the UI language.
 */
export function formatWaitTime(seconds: number, language: Language = getLanguage()): string {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds <= 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return getNumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
