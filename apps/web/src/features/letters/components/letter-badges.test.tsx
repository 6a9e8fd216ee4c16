import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LetterSummary } from '@kuvert/shared/letters';
import { initI18n, loadTranslations, setLanguage } from '../../../lib/i18n.ts';
import { LetterBadges } from './letter-badges.tsx';

function invoiceLetter(invoice: NonNullable<LetterSummary['invoice']>): LetterSummary {
  return {
    id: 'l1',
    account_id: 'a1',
    direction: 'inbound',
    kind: 'invoice',
    subject: 'Invoice',
    excerpt: '',
    provider: { id: 'p1', name: 'Stadtwerke', has_logo: false, is_verified: true },
    sender_person: null,
    recipients: [],
    created_at: '2026-11-01T08:00:00.000Z',
    is_read: true,
    folder_id: null,
    trashed_at: null,
    document_count: 0,
    delivery_status: 'delivered',
    invoice,
  };
}

const badgeText = (invoice: NonNullable<LetterSummary['invoice']>) => {
  const { container } = render(
    <MantineProvider>
      <LetterBadges letter={invoiceLetter(invoice)} />
    </MantineProvider>,
  );
  return container.querySelector('[data-invoice-status]')?.textContent ?? '';
};

describe('the invoice badge in letter lists', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  beforeEach(() => {
    // The browser's day is the 21st: later than the server's verdict in one test, earlier in
    // the other. The badge follows the server, whichever day the browser thinks it is.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 23, 30));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const invoice = { amount: 1234, currency: 'EUR', due_date: '2026-11-16' } as const;

  it('says overdue when a payment failed and the server says the due date has passed', () => {
    expect(badgeText({ ...invoice, status: 'failed', is_overdue: true })).toBe(
      '€12.34 · overdue since Nov 16, 2026',
    );
  });

  it('says when it is due when a payment failed before the due date', () => {
    expect(
      badgeText({ ...invoice, due_date: '2026-11-30', status: 'failed', is_overdue: false }),
    ).toBe('€12.34 · due Nov 30, 2026');
  });

  it('takes the server’s day, not the browser’s: due "yesterday" here is not late there yet', () => {
    expect(
      badgeText({ ...invoice, due_date: '2026-11-20', status: 'failed', is_overdue: false }),
    ).toBe('€12.34 · due Nov 20, 2026');
  });

  it('takes the server’s day, not the browser’s: due "today" here is late there already', () => {
    expect(
      badgeText({ ...invoice, due_date: '2026-11-21', status: 'overdue', is_overdue: true }),
    ).toBe('€12.34 · overdue since Nov 21, 2026');
    expect(
      badgeText({ ...invoice, due_date: '2026-11-21', status: 'failed', is_overdue: true }),
    ).toBe('€12.34 · overdue since Nov 21, 2026');
  });
});

/** The badges of a plain letter with `count` documents, as text. */
const documentsText = (count: number) => {
  const letter: LetterSummary = {
    ...invoiceLetter({
      amount: 1,
      currency: 'EUR',
      due_date: '2026-11-16',
      status: 'open',
      is_overdue: false,
    }),
    kind: 'letter',
    invoice: null,
    document_count: count,
  };
  const { container } = render(
    <MantineProvider>
      <LetterBadges letter={letter} />
    </MantineProvider>,
  );
  return container.textContent ?? '';
};

describe('the documents badge in letter lists', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('counts its documents with the plural form of the language', async () => {
    await initI18n();
    await loadTranslations('app');
    expect(documentsText(1)).toContain('1 attached document');
    expect(documentsText(1)).not.toContain('documents');
    cleanup();
    expect(documentsText(3)).toContain('3 attached documents');
    cleanup();
    await setLanguage('de');
    expect(documentsText(1)).toContain('1 angehängtes Dokument');
    cleanup();
    expect(documentsText(2)).toContain('2 angehängte Dokumente');
  });
});
