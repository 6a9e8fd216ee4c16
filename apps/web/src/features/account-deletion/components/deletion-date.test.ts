// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDeletionDate } from './deletion-date.ts';

describe('formatDeletionDate', () => {
  it('writes the day first with a short month in every language', () => {
    // Noon UTC: the same day in every time zone the tests may run in.
    const dueAt = '2026-12-28T12:00:00.000Z';
    expect(formatDeletionDate(dueAt, 'en')).toBe('28 Dec 2026');
    expect(formatDeletionDate(dueAt, 'de')).toBe('28. Dez. 2026');
    expect(formatDeletionDate(dueAt, 'sv')).toBe('28 dec. 2026');
    expect(formatDeletionDate(dueAt, 'da')).toBe('28. dec. 2026');
    expect(formatDeletionDate(dueAt, 'nb')).toBe('28. des. 2026');
  });
});
