// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeActivity, groupByMonth } from './case-file-dates.ts';

const item = (id: string, date: string) => ({ id, date });

describe('groupByMonth', () => {
  it('gives each month of the newest-first timeline one heading, in the UI language', () => {
    const items = [
      item('a', '2026-11-30'),
      item('b', '2026-11-01'),
      item('c', '2026-10-31'),
      item('d', '2025-11-15'),
    ];
    const english = groupByMonth(items, 'en');
    expect(english.map((group) => group.label)).toEqual([
      'November 2026',
      'October 2026',
      'November 2025',
    ]);
    expect(english.map((group) => group.items.map(({ id }) => id))).toEqual([
      ['a', 'b'],
      ['c'],
      ['d'],
    ]);
    expect(groupByMonth(items, 'de').map((group) => group.label)).toEqual([
      'November 2026',
      'Oktober 2026',
      'November 2025',
    ]);
  });

  it('keeps the first and last day of a month in it, whatever the time zone', () => {
    const groups = groupByMonth([item('a', '2026-03-01'), item('b', '2026-02-28')], 'en');
    expect(groups.map((group) => [group.key, group.label])).toEqual([
      ['2026-03', 'March 2026'],
      ['2026-02', 'February 2026'],
    ]);
  });
});

describe('describeActivity', () => {
  const now = new Date(2026, 10, 24, 15, 0);
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says recent activity relatively and older activity as a date', () => {
    expect(describeActivity(before(20_000), 'en', now).text).toBe('now');
    expect(describeActivity(before(5 * 60_000), 'en', now).text).toBe('5 minutes ago');
    expect(describeActivity(before(3 * 3_600_000), 'en', now).text).toBe('3 hours ago');
    expect(describeActivity(new Date(2026, 10, 23, 22).toISOString(), 'en', now).text).toBe(
      'yesterday',
    );
    expect(describeActivity(new Date(2026, 10, 21, 9).toISOString(), 'de', now).text).toBe(
      'vor 3 Tagen',
    );
    expect(describeActivity(new Date(2026, 2, 12, 9).toISOString(), 'en', now)).toEqual({
      relative: false,
      text: 'Mar 12, 2026',
    });
  });
});
