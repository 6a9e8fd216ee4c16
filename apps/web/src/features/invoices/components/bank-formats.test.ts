import { describe, expect, it } from 'vitest';
import { localIsoDate } from '../../../lib/dates.ts';
import { checkPaidOn, compactIban, formatIban } from './bank-formats.ts';

describe('IBAN', () => {
  it('is shown in groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201');
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947');
  });

  it('is regrouped when it arrives with spaces or in lower case', () => {
    expect(formatIban(' de89 3704 00440532013000 ')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('is copied without spaces', () => {
    expect(compactIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });
});

describe('the day paid', () => {
  it('is today in the local time zone by default', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('may be today or earlier, not later, and must be a real date', () => {
    expect(checkPaidOn('2026-03-01', '2026-03-01')).toBeNull();
    expect(checkPaidOn('2025-12-31', '2026-03-01')).toBeNull();
    expect(checkPaidOn('2026-03-02', '2026-03-01')).toBe('dateFuture');
    expect(checkPaidOn('', '2026-03-01')).toBe('dateRequired');
    expect(checkPaidOn('2026-02-30', '2026-03-01')).toBe('dateRequired');
  });
});
