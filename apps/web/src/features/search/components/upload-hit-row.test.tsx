import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiPath } from '../../../lib/api-client.ts';
import { initI18n, loadTranslations, setLanguage } from '../../../lib/i18n.ts';
import { uploadHit } from '../search-test-hits.ts';
import { UploadHitRow } from './upload-hit-row.tsx';

const renderRow = (hit: ReturnType<typeof uploadHit>) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ul>
          <UploadHitRow hit={hit} />
        </ul>
      </MemoryRouter>
    </MantineProvider>,
  );

describe('an upload among search results', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('opens the upload and says what it is, what matched and where', () => {
    renderRow(uploadHit('u 1', { name: 'Mietvertrag.pdf' }));
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/uploads/u%201');
    expect(link.textContent).toContain('Upload · PDF · 1.5 MB');
    expect(link.textContent).toContain('Mietvertrag.pdf');
    expect(screen.getByText('lease').tagName).toBe('MARK');
    expect(link.textContent).toContain('Found in the text');
  });

  it('shows the thumbnail when there is one, else the type’s icon', () => {
    const { container, unmount } = renderRow(uploadHit('u1', { has_thumbnail: true }));
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      apiPath(uploadEndpoints.thumbnail, { params: { id: 'u1' } }),
    );
    unmount();
    const withoutThumbnail = renderRow(uploadHit('u2', { kind: 'image', has_thumbnail: false }));
    expect(withoutThumbnail.container.querySelector('img')).toBeNull();
    expect(withoutThumbnail.container.querySelector('svg')).not.toBeNull();
  });

  it('speaks German', async () => {
    await setLanguage('de');
    renderRow({
      ...uploadHit('u1', { kind: 'table', content_type: 'text/csv' }),
      matched_in: 'name',
    });
    const link = screen.getByRole('link');
    expect(link.textContent).toContain('Upload · Tabelle');
    expect(link.textContent).toContain('Im Namen gefunden');
  });
});
