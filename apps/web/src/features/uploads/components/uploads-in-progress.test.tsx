import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadsInProgress as UploadsInProgressList } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiPath } from '../../../lib/api-client.ts';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { UploadsInProgress } from './uploads-in-progress.tsx';

const list: UploadsInProgressList = {
  uploads: [
    {
      id: 'up1',
      name: 'Kontoauszug.pdf',
      size: 5 * 1024 * 1024,
      received_bytes: 1024 * 1024,
      started_by: { id: 'u2', name: 'Max Mustermann' },
      started_at: '2026-11-28T10:00:00.000Z',
      last_activity_at: '2026-11-28T10:05:00.000Z',
      expires_at: '2026-11-28T10:35:00.000Z',
    },
    {
      id: 'up2',
      name: 'sent-from-here.pdf',
      size: 2048,
      received_bytes: 0,
      started_by: null,
      started_at: '2026-11-28T10:00:00.000Z',
      last_activity_at: '2026-11-28T10:00:00.000Z',
      expires_at: '2026-11-28T10:30:00.000Z',
    },
  ],
};

function answer(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function renderList(canWrite: boolean) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <UploadsInProgress accountId="acc1" canWrite={canWrite} sendingIds={new Set(['up2'])} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('uploads in progress', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists what others started, leaves out what this page sends, and cancels by name', async () => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
      async (_url, init) => (init?.method === 'DELETE' ? answer(null, 204) : answer(list)),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderList(true);
    expect(await screen.findByRole('heading', { name: 'In progress' })).toBeTruthy();
    expect(screen.getByText('Kontoauszug.pdf')).toBeTruthy();
    expect(screen.queryByText('sent-from-here.pdf')).toBeNull();
    expect(screen.getByText(/1 MB of 5 MB · started by Max Mustermann/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of Kontoauszug.pdf' }));
    const cancelPath = apiPath(uploadEndpoints.cancelInProgress, { params: { id: 'up1' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => url === cancelPath && init?.method === 'DELETE'),
      ).toBe(true),
    );
  });

  it('asks nothing for a viewer, and shows nothing', () => {
    const fetchMock = vi.fn<() => Promise<Response>>(async () => answer(list));
    vi.stubGlobal('fetch', fetchMock);
    renderList(false);
    expect(screen.queryByRole('heading', { name: 'In progress' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
