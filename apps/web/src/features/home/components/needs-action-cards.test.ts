import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceDetailKey } from './needs-action-cards.tsx';

describe('the open-invoices card', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 9, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('names the next due date while it lies ahead (today included)', () => {
    expect(invoiceDetailKey('2026-11-21')).toBe('home.invoices.totalDue');
    expect(invoiceDetailKey('2026-12-05')).toBe('home.invoices.totalDue');
  });

  it('says overdue once the earliest due date has passed', () => {
    expect(invoiceDetailKey('2026-11-16')).toBe('home.invoices.totalOverdue');
  });
});
