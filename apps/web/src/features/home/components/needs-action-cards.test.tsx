import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeSummary } from '@kuvert/shared/home';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { NeedsActionCards } from './needs-action-cards.tsx';

function summaryWith(openInvoices: Partial<HomeSummary['open_invoices']>): HomeSummary {
  return {
    unread_letters: 0,
    open_invoices: {
      count: 2,
      totals: [{ amount: 4200, currency: 'EUR' }],
      next_due_date: '2026-11-21',
      is_overdue: false,
      ...openInvoices,
    },
    open_signature_requests: 0,
    recent_letters: [],
  };
}

function renderCards(summary: HomeSummary) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <NeedsActionCards summary={summary} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByRole('link', { name: /open invoices/i }).textContent ?? '';
}

describe('the open-invoices card', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  beforeEach(() => {
    // Late on the 21st in the browser: a day on which the browser and the server may disagree.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 23, 30));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('names the next due date while the server says it lies ahead, whatever the browser’s day', () => {
    const text = renderCards(summaryWith({ next_due_date: '2026-11-20', is_overdue: false }));
    expect(text).toContain('€42.00 · next due Nov 20, 2026');
  });

  it('says overdue once the server says the earliest due date has passed', () => {
    const text = renderCards(summaryWith({ next_due_date: '2026-11-21', is_overdue: true }));
    expect(text).toContain('€42.00 · the oldest overdue since Nov 21, 2026');
  });
});
