import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { UploadPicker } from './upload-picker.tsx';
import type { UploadPickerProps } from './upload-picker.tsx';

function testUpload(id: string, overrides: Partial<UploadSummary> = {}): UploadSummary {
  return {
    id,
    account_id: 'a1',
    name: `${id}.pdf`,
    content_type: 'application/pdf',
    kind: 'pdf',
    size: 2048,
    page_count: 1,
    text_status: 'extracted',
    text_failure: null,
    has_thumbnail: false,
    created_at: '2026-03-01T10:00:00.000Z',
    trashed_at: null,
    ...overrides,
  };
}

const stored = [
  testUpload('contract', { name: 'Contract.pdf' }),
  testUpload('photo', {
    name: 'Meter photo.jpg',
    content_type: 'image/jpeg',
    kind: 'image',
    size: 300_000,
  }),
  testUpload('table', { name: 'Readings.csv', content_type: 'text/csv', kind: 'table' }),
  testUpload('scan', { name: 'Huge scan.pdf', size: 90 * 1024 * 1024 }),
  testUpload('invoice', { name: 'Invoice March.pdf' }),
];

/** The API as the picker calls it: GET /api/uploads, filtered by `name` like the server. */
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://localhost');
  const name = url.searchParams.get('name')?.toLowerCase() ?? '';
  const uploads = stored.filter((upload) => upload.name.toLowerCase().includes(name));
  return new Response(JSON.stringify({ uploads, next_cursor: null }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
});

function renderPicker(props: Partial<UploadPickerProps> = {}) {
  const onPick = vi.fn<UploadPickerProps['onPick']>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <UploadPicker
          opened
          onClose={() => {}}
          onPick={onPick}
          accountId="a1"
          accept={['application/pdf', 'image/jpeg', 'image/png']}
          maxBytes={25 * 1024 * 1024}
          {...props}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onPick };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
/** What a screen reader reads after the name. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const isChecked = (element: HTMLElement) => element instanceof HTMLInputElement && element.checked;
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

describe('the upload picker', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => cleanup());

  it('lists the uploads that can be used, with kind, size and date', async () => {
    renderPicker();
    const list = await screen.findByRole('list', { name: 'Your uploads' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(4);
    // A CSV cannot go with a reply: not listed at all.
    expect(screen.queryByText('Readings.csv')).toBeNull();
    expect(description(checkbox('Meter photo.jpg'))).toMatch(/^Image · 293 KB · Mar 1/);
    expect(description(checkbox('Contract.pdf'))).toMatch(/^PDF · 2 KB · /);
    expect(screen.getByRole('status')).toHaveProperty('textContent', '0 files chosen');
  });

  it('shows a file too large to attach, and why, but does not let it be chosen', async () => {
    renderPicker();
    const huge = await screen.findByRole('checkbox', { name: 'Huge scan.pdf' });
    expect(isDisabled(huge)).toBe(true);
    expect(description(huge)).toContain('too large to attach (max. 25 MB)');
  });

  it('answers the uploads chosen, in the order they were ticked', async () => {
    const { onPick } = renderPicker();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Invoice March.pdf' }));
    fireEvent.click(checkbox('Meter photo.jpg'));
    expect(screen.getByRole('status')).toHaveProperty('textContent', '2 files chosen');
    fireEvent.click(screen.getByRole('button', { name: 'Attach 2 files' }));
    expect(onPick).toHaveBeenCalledWith([stored[4], stored[1]]);
  });

  it('keeps what was chosen while the filter hides it, and asks the server by name', async () => {
    const { onPick } = renderPicker();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Contract.pdf' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by name' }), {
      target: { value: 'photo' },
    });
    await waitFor(() => expect(screen.queryByText('Contract.pdf')).toBeNull());
    expect(String(fetchMock.mock.lastCall?.[0])).toContain('name=photo');
    fireEvent.click(checkbox('Meter photo.jpg'));
    fireEvent.click(screen.getByRole('button', { name: 'Attach 2 files' }));
    expect(onPick).toHaveBeenCalledWith([stored[0], stored[1]]);
  });

  it('says when no upload has the name asked for', async () => {
    renderPicker();
    await screen.findByRole('checkbox', { name: 'Contract.pdf' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by name' }), {
      target: { value: 'tax return' },
    });
    expect(await screen.findByText('No upload’s name contains “tax return”.')).toBeTruthy();
  });

  it('lets no more be chosen than there is room for, and shows what is attached already', async () => {
    renderPicker({ maxCount: 1, attachedIds: ['contract'] });
    const attached = await screen.findByRole('checkbox', { name: 'Contract.pdf' });
    expect(isChecked(attached)).toBe(true);
    expect(isDisabled(attached)).toBe(true);
    expect(description(attached)).toContain('already attached');
    fireEvent.click(checkbox('Invoice March.pdf'));
    expect(isDisabled(checkbox('Meter photo.jpg'))).toBe(true);
    expect(screen.getByRole('status')).toHaveProperty('textContent', '1 of at most 1 files chosen');
  });
});
