/**
 * Calendar arithmetic for the demo letters: they are dated in Germany, and their texts name
 * months, periods and deadlines relative to the day each letter arrives.
 */

export const DEMO_TIME_ZONE = 'Europe/Berlin';

export type DemoLanguage = 'en' | 'de';

/** A calendar day; month 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** A calendar month; month 1–12. */
export interface CalendarMonth {
  year: number;
  month: number;
}

const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEMO_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

function wallClockParts(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** The day `instant` falls on in the demo's time zone. */
export function dayInDemoZone(instant: Date): CalendarDay {
  const parts = wallClockParts(instant);
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0 };
}

/** The day `instant` falls on in UTC: what calendar arithmetic on plain days works in. */
function dayInUtc(instant: Date): CalendarDay {
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  };
}

/** How far the demo's time zone is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: Date): number {
  const parts = wallClockParts(instant);
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** `hour`:`minute` on `day` in the demo's time zone (never near a clock change, which is at night). */
export function atTime(day: CalendarDay, hour: number, minute: number): Date {
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  const guess = wall - zoneOffset(new Date(wall));
  return new Date(wall - zoneOffset(new Date(guess)));
}

function toUtcMs(day: CalendarDay): number {
  return Date.UTC(day.year, day.month - 1, day.day);
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  return dayInUtc(new Date(toUtcMs(day) + days * DAY_MS));
}

/** Negative when `a` is before `b`. */
export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return toUtcMs(a) - toUtcMs(b);
}

export function monthOf(day: CalendarDay): CalendarMonth {
  return { year: day.year, month: day.month };
}

export function addMonths(month: CalendarMonth, months: number): CalendarMonth {
  const index = month.year * 12 + (month.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function firstDay(month: CalendarMonth): CalendarDay {
  return { ...month, day: 1 };
}

export function lastDay(month: CalendarMonth): CalendarDay {
  return addDays(firstDay(addMonths(month, 1)), -1);
}

export function isInMonth(day: CalendarDay, month: CalendarMonth): boolean {
  return day.year === month.year && day.month === month.month;
}

/**
 * The latest `dayOfMonth` (1–28) before `today`, or the one `monthsBack` months earlier: when a
 * provider sends the same letter on the same day every month.
 */
export function latestMonthly(today: CalendarDay, dayOfMonth: number, monthsBack = 0): CalendarDay {
  const latest = today.day > dayOfMonth ? monthOf(today) : addMonths(monthOf(today), -1);
  return { ...addMonths(latest, -monthsBack), day: dayOfMonth };
}

/** Weekends and the holidays no office works on: New Year's Day and Christmas. */
export function isBusinessDay(day: CalendarDay): boolean {
  const weekday = new Date(toUtcMs(day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const date = `${pad(day.month)}-${pad(day.day)}`;
  return date !== '01-01' && date !== '12-25' && date !== '12-26';
}

/** `day`, or the business day before it: offices post nothing at weekends. */
export function businessDayOnOrBefore(day: CalendarDay): CalendarDay {
  let candidate = day;
  while (!isBusinessDay(candidate)) candidate = addDays(candidate, -1);
  return candidate;
}

/** YYYY-MM-DD. */
export function isoDay(day: CalendarDay): string {
  return `${String(day.year)}-${pad(day.month)}-${pad(day.day)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

const monthNames: Record<DemoLanguage, string[]> = {
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

export function monthName(month: number, language: DemoLanguage): string {
  return monthNames[language][month - 1] ?? '';
}

/** "Oktober 2026", "October 2026". */
export function formatMonth(month: CalendarMonth, language: DemoLanguage): string {
  return `${monthName(month.month, language)} ${String(month.year)}`;
}

/** "31.12.2026" in German letters, "31 December 2026" in English ones. */
export function formatDay(day: CalendarDay, language: DemoLanguage): string {
  return language === 'de'
    ? `${pad(day.day)}.${pad(day.month)}.${String(day.year)}`
    : `${String(day.day)} ${monthName(day.month, language)} ${String(day.year)}`;
}

/** "28 Oct": the short dates of English statement and bill lines. */
export function formatShortDay(day: CalendarDay): string {
  return `${pad(day.day)} ${monthName(day.month, 'en').slice(0, 3)}`;
}

const euroFormats: Record<DemoLanguage, Intl.NumberFormat> = {
  de: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }),
  en: new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }),
};

/** An amount in cents as the letter's language writes euros: "3.210,00 €", "€3,210.00". */
export function formatEuros(cents: number, language: DemoLanguage): string {
  return euroFormats[language].format(cents / 100).replace(/\u00a0/g, ' ');
}
