// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatFileSize, formatListDate, formatWaitTime } from './dates.ts';

describe('formatListDate', () => {
  const now = new Date(2026, 4, 20, 15, 30);

  it('shows the time for today, the day for this year, the full date before', () => {
    expect(formatListDate(new Date(2026, 4, 20, 9, 5), now, 'en')).toBe('9:05 AM');
    expect(formatListDate(new Date(2026, 4, 20, 9, 5), now, 'de')).toBe('09:05');
    expect(formatListDate(new Date(2026, 0, 3, 9, 5), now, 'en')).toBe('Jan 3');
    expect(formatListDate(new Date(2026, 0, 3, 9, 5), now, 'de')).toBe('3. Jan.');
    expect(formatListDate(new Date(2025, 11, 24), now, 'en')).toBe('Dec 24, 2025');
  });
});

describe('formatCalendarDate', () => {
  it('reads a due date as that calendar day in any time zone', () => {
    expect(formatCalendarDate('2026-06-01', 'en')).toBe('Jun 1, 2026');
    expect(formatCalendarDate('2026-06-01', 'de')).toBe('01.06.2026');
  });
});

describe('formatFileSize', () => {
  it.each([
    [512, 'en', '512 B'],
    [2048, 'en', '2 KB'],
    [1536, 'en', '1.5 KB'],
    [3.4 * 1024 * 1024, 'de', '3,4 MB'],
    [25 * 1024 * 1024, 'en', '25 MB'],
  ] as const)('%d bytes in %s → %s', (bytes, language, expected) => {
    expect(formatFileSize(bytes, language)).toBe(expected);
  });
});

describe('formatWaitTime', () => {
  it.each([
    [890, 'de', '15 Minuten'],
    [890, 'en', '15 minutes'],
    [61, 'en', '2 minutes'],
    [60, 'en', '1 minute'],
    [45, 'de', '45 Sekunden'],
    [1, 'en', '1 second'],
    [5400, 'en', '2 hours'],
  ] as const)('%d seconds in %s → %s', (seconds, language, expected) => {
    expect(formatWaitTime(seconds, language)).toBe(expected);
  });
});
