import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '@kuvert/shared/contacts';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { ContactPicker } from './contact-picker.tsx';

function testContact(id: string, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    account_id: 'a1',
    name: '',
    organisation: '',
    email: '',
    phone: '',
    street: '',
    postcode: '',
    city: '',
    country: null,
    digital: null,
    notes: '',
    has_postal_address: false,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    trashed_at: null,
    ...overrides,
  };
}

const stored = [
  testContact('jana', {
    name: 'Jana Schröder',
    street: 'Lindenallee 3',
    postcode: '50667',
    city: 'Köln',
    country: 'DE',
    has_postal_address: true,
  }),
  testContact('kiel', { organisation: 'Stadtwerke Kiel' }),
  testContact('zoe', { name: 'Zoë Öztürk', digital: { kind: 'kuvert', email: 'zoe@example.org' } }),
];

/** GET /api/contacts, searched like the server (`q` in name, organisation, city). */
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://localhost');
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  const items = stored.filter((contact) =>
    [contact.name, contact.organisation, contact.city].some((text) =>
      text.toLowerCase().includes(q),
    ),
  );
  return new Response(JSON.stringify({ items, next_cursor: null }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
});

function renderPicker(filter?: (contact: Contact) => boolean) {
  const onPick = vi.fn<(contact: Contact) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ContactPicker accountId="a1" onPick={onPick} {...(filter ? { filter } : {})} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onPick, input: screen.getByRole('textbox', { name: 'From the address book' }) };
}

describe('the contact picker', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => cleanup());

  it('finds a contact by city and hands the whole contact over', async () => {
    const { onPick, input } = renderPicker();
    fireEvent.focus(input);
    expect(await screen.findByText('Stadtwerke Kiel')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'köln' } });
    await waitFor(() => expect(screen.queryByText('Stadtwerke Kiel')).toBeNull());
    expect((await screen.findByText(/^50667 Köln · /)).textContent).toBe('50667 Köln · Germany');
    fireEvent.click(screen.getByText('Jana Schröder'));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'jana', city: 'Köln' }));
  });

  it('offers only the contacts a letter can reach the chosen way', async () => {
    const { onPick, input } = renderPicker((contact) => contact.has_postal_address);
    fireEvent.focus(input);
    const zoe = await screen.findByText('Zoë Öztürk');
    expect(screen.getByText('zoe@example.org')).toBeTruthy();
    fireEvent.click(zoe);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('says when nothing matches', async () => {
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'nobody' } });
    expect(await screen.findByText('No contact matches.')).toBeTruthy();
  });
});
