import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenSignatureRequest } from '@kuvert/shared/signatures';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { openSignatureRequestsQueryOptions } from '../api/get-open-signature-requests.ts';
import { OpenSignatureRequestsView } from './open-signature-requests-view.tsx';

function request(overrides: Partial<OpenSignatureRequest>): OpenSignatureRequest {
  return {
    letter_id: 'l1',
    account_id: 'a1',
    account_name: 'Zoë Mustermann',
    subject: 'Tenancy agreement',
    provider: { id: 'p1', name: 'Hausverwaltung', has_logo: false, is_verified: true },
    due_date: '2099-12-01',
    is_overdue: false,
    created_at: '2026-11-20T10:00:00.000Z',
    signers_total: 2,
    signers_signed: 1,
    ...overrides,
  };
}

function renderList(items: OpenSignatureRequest[], showAccount: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(openSignatureRequestsQueryOptions().queryKey, { items });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OpenSignatureRequestsView showAccount={showAccount} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('/open-signature-requests', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(cleanup);

  it('lists each request with a link to its letter, overdue ones marked', () => {
    renderList(
      [
        request({
          letter_id: 'late',
          subject: 'Late one',
          due_date: '2020-01-02',
          is_overdue: true,
        }),
        request({}),
      ],
      false,
    );
    const list = screen.getByRole('list', { name: 'Open signature requests' });
    const [late, onTime] = within(list).getAllByRole('listitem');
    expect(late?.dataset.overdue).toBe('true');
    expect(late?.textContent).toContain('Overdue since');
    expect(
      within(late ?? list)
        .getByRole('link', { name: 'Late one' })
        .getAttribute('href'),
    ).toBe('/inbox/late');
    expect(onTime?.dataset.overdue).toBeUndefined();
    expect(onTime?.textContent).toContain('1 of 2 signed');
    expect(onTime?.textContent).not.toContain('Zoë Mustermann');
  });

  it('names the account when the user has several', () => {
    renderList([request({ account_name: 'Family Nowak' })], true);
    expect(screen.getByText('Hausverwaltung · Family Nowak')).toBeTruthy();
  });

  it('says when nothing waits', () => {
    renderList([], false);
    expect(screen.getByRole('heading', { name: 'Nothing to sign' })).toBeTruthy();
  });
});
