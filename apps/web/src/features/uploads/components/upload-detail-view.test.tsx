import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UploadDetail } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiPath } from '../../../lib/api-client.ts';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { UploadDetailView } from './upload-detail-view.tsx';

const upload: UploadDetail = {
  id: 'up 1',
  account_id: 'acc1',
  name: 'Mietvertrag.pdf',
  content_type: 'application/pdf',
  kind: 'pdf',
  size: 2048,
  page_count: 2,
  text_status: 'extracted',
  text_failure: null,
  has_thumbnail: true,
  created_at: '2026-11-20T10:00:00.000Z',
  trashed_at: null,
  sha256: 'ab'.repeat(32),
  duplicate_of: null,
  text_source: 'pdf',
  text: 'Die Miete beträgt 700 Euro.',
  text_truncated: false,
  encoding: null,
  delimiter: null,
  uploaded_by: { id: 'u1', name: 'Erika Mustermann' },
};

/** Where the bytes of `up 1` load from: its id escaped, the disposition in the query. */
function contentPath(disposition: 'inline' | 'attachment'): string {
  return apiPath(uploadEndpoints.content, { params: { id: 'up 1' }, query: { disposition } });
}

function renderView(props: { upload?: UploadDetail; canWrite: boolean; withSlot?: boolean }) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <UploadDetailView
            upload={props.upload ?? upload}
            canWrite={props.canWrite}
            renderPdf={({ url, filename }) => <p data-testid="pdf">{`${filename} ${url}`}</p>}
            renderActions={
              props.withSlot === true
                ? () => <button type="button">Use in a letter</button>
                : undefined
            }
            onTrashed={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('an upload’s page', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(cleanup);

  it('shows the PDF in the viewer it is given, its facts and its download', () => {
    renderView({ canWrite: true });
    expect(screen.getByTestId('pdf').textContent).toBe(`Mietvertrag.pdf ${contentPath('inline')}`);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      contentPath('attachment'),
    );
    expect(screen.getByTestId('upload-sha256').textContent).toBe('ab'.repeat(32));
    expect(screen.getByText('2 KB (2,048 bytes)')).toBeTruthy();
    expect(screen.getByText("From the PDF's text layer")).toBeTruthy();
  });

  it('names the earlier copy of the same bytes, linking to it; says nothing without one', () => {
    renderView({
      canWrite: true,
      upload: {
        ...upload,
        duplicate_of: { id: 'up0', name: 'Mietvertrag-alt.pdf', created_at: upload.created_at },
      },
    });
    expect(screen.getByTestId('upload-duplicate').textContent).toMatch(
      /^You already have this file: Mietvertrag-alt\.pdf \(uploaded .+\)\. Both copies are kept\.$/,
    );
    expect(screen.getByRole('link', { name: 'Mietvertrag-alt.pdf' }).getAttribute('href')).toBe(
      '/uploads/up0',
    );
    cleanup();
    renderView({ canWrite: true });
    expect(screen.queryByTestId('upload-duplicate')).toBeNull();
  });

  it('lets those who may write rename and trash it, and shows what other areas add', () => {
    renderView({ canWrite: true, withSlot: true });
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move to trash' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use in a letter' })).toBeTruthy();
  });

  it('gives a viewer the document and its download, nothing that changes it', () => {
    renderView({ canWrite: false, withSlot: true });
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use in a letter' })).toBeNull();
  });

  it('says when it is in the trash and offers to restore it', () => {
    renderView({ canWrite: true, upload: { ...upload, trashed_at: '2026-11-21T08:00:00.000Z' } });
    expect(screen.getByText('This upload is in the trash')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
  });

  it('says why the text could not be read, and shows the PDF only when asked', () => {
    renderView({
      canWrite: true,
      upload: { ...upload, text: null, text_status: 'failed', text_failure: 'too_many_pages' },
    });
    expect(screen.getByTestId('upload-text-status').textContent).toBe(
      'The text could not be read: the file has more pages than Kuvert reads.',
    );
    expect(screen.queryByTestId('pdf')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show document anyway' }));
    expect(screen.getByTestId('pdf')).toBeTruthy();
  });
});
