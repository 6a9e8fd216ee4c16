import type { Language } from '@kuvert/shared/auth';
import { getDateTimeFormat } from '../../../lib/intl-format.ts';

/** Items of one calendar month, in the order they came. */
export interface MonthGroup<Item> {
  /** `YYYY-MM`. */
  key: string;
  /** "November 2026" in the UI language. */
  label: string;
  items: Item[];
}

/** The parts of a `YYYY-MM-DD` calendar date, as local noon (no time zone can shift the day). */
export function calendarDate(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(year, month - 1, day, 12);
}

export function formatMonth(monthKey: string, language: Language): string {
  return getDateTimeFormat(language, { month: 'long', year: 'numeric' }).format(
    calendarDate(`${monthKey}-01`),
  );
}

/**
 * The timeline's months: consecutive items of the same month (the server sends them newest
 * first) share a heading. A month never appears twice, even if the order were to jump back.
 */
export function groupByMonth<Item extends { date: string }>(
  items: readonly Item[],
  language: Language,
): MonthGroup<Item>[] {
  const groups = new Map<string, MonthGroup<Item>>();
  for (const item of items) {
    const key = item.date.slice(0, 7);
    let group = groups.get(key);
    if (group === undefined) {
      group = { key, label: formatMonth(key, language), items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Older activity reads better as a date than as "5 weeks ago". */
const RELATIVE_DAYS = 30;

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();

function relativeFormat(language: Language): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeFormats.set(language, format);
  }
  return format;
}

/** Calendar days between two moments in the user's time zone (today 0, yesterday 1). */
function daysBetween(earlier: Date, later: Date): number {
  const start = new Date(earlier.getFullYear(), earlier.getMonth(), earlier.getDate());
  const end = new Date(later.getFullYear(), later.getMonth(), later.getDate());
  return Math.round((end.getTime() - start.getTime()) / DAY_MS);
}

/**
 * When something last happened, as a person says it: "5 minutes ago", "yesterday", "3 days
 * ago"; after a month the date itself (`relative: false`), to be worded "on 12 Mar 2026".
 */
export function describeActivity(
  value: string,
  language: Language,
  now: Date = new Date(),
): { relative: boolean; text: string } {
  const at = new Date(value);
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  const format = relativeFormat(language);
  if (elapsed < MINUTE_MS) return { relative: true, text: format.format(0, 'second') };
  if (elapsed < HOUR_MS) {
    return { relative: true, text: format.format(-Math.floor(elapsed / MINUTE_MS), 'minute') };
  }
  const days = daysBetween(at, now);
  if (days === 0) {
    return { relative: true, text: format.format(-Math.floor(elapsed / HOUR_MS), 'hour') };
  }
  if (days <= RELATIVE_DAYS) return { relative: true, text: format.format(-days, 'day') };
  return {
    relative: false,
    text: getDateTimeFormat(language, { dateStyle: 'medium' }).format(at),
  };
}
