import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { LetterFormLink } from './letter-form-link.tsx';

function renderLink(available: boolean) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <LetterFormLink
          form={{ id: 'f 1', provider_id: 'p1', title: 'Meter reading', available }}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe("a letter's form", () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  afterEach(cleanup);

  it('leads to filling it out', () => {
    renderLink(true);
    expect(screen.getByRole('link', { name: 'Fill out: Meter reading' }).getAttribute('href')).toBe(
      '/forms/my/p1/f%201/add',
    );
  });

  it('says so when the provider has taken it down, with no way in', () => {
    renderLink(false);
    expect(screen.getByText('This form is no longer available.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
