import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicFormEndpoints } from '@kuvert/shared/api';
import type { FormDetail } from '@kuvert/shared/forms';
import { apiPath } from '../../../lib/api-client.ts';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { PublicFormFill } from './public-form-fill.tsx';

const detail: FormDetail = {
  id: 'form-1',
  provider: {
    id: 'prov-1',
    name: 'Stadtwerke',
    category: 'utilities',
    verified: true,
    logo_url: null,
  },
  title: 'Meter reading',
  description: 'Tell us your meter reading.',
  use_cases: ['utilities'],
  version: 2,
  current_version: 2,
  public: true,
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      reading: { type: 'integer', title: 'Reading', minimum: 0 },
    },
    required: ['name', 'reading'],
  },
  ui_schema: {},
  prefill: {},
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

function renderPage() {
  return render(
    <MantineProvider>
      <PublicFormFill providerId="prov-1" formId="form-1" />
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
  await loadTranslations('forms');
});
beforeEach(() => {
  window.localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the public fill-out page', () => {
  it('says plainly when the provider withdrew the form', async () => {
    fetchMock.mockResolvedValue(
      answer(410, { code: 'FORM_UNPUBLISHED', message: 'The form was unpublished' }),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'This form is no longer available' }),
    ).toBeTruthy();
  });

  it('says plainly when this version checks answers in a way Kuvert no longer runs', async () => {
    fetchMock.mockResolvedValue(
      answer(410, { code: 'FORM_VERSION_UNSUPPORTED', message: 'Not supported' }),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', {
        name: 'This version of the form can no longer be filled out',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/Please ask the provider to publish the form again/u)).toBeTruthy();
  });

  it('says so when there is no such public form', async () => {
    fetchMock.mockResolvedValue(answer(404, { code: 'NOT_FOUND', message: 'Not found' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Form not found' })).toBeTruthy();
  });

  it('keeps a draft in this browser only, and offers to go on with it or start over', async () => {
    fetchMock.mockImplementation(async () => answer(200, detail));
    const first = renderPage();
    fireEvent.change(await screen.findByLabelText(/^Name/u), { target: { value: 'Erika' } });
    await waitFor(() => expect(window.localStorage.length).toBe(1));
    first.unmount();
    // Nothing but the form itself was asked of the server: the draft never left the browser.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      apiPath(publicFormEndpoints.form, { params: { providerId: 'prov-1', formId: 'form-1' } }),
    ]);

    const second = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/^Name/u)).toHaveProperty('value', 'Erika');
    second.unmount();

    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText(/^Name/u)).toHaveProperty('value', '');
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps the answers that still fit when the form changed since', async () => {
    window.localStorage.setItem(
      'kuvert.formDraft.form-1.v1',
      JSON.stringify({
        formVersion: 1,
        answers: { name: 'Erika', removedField: 'x' },
        files: [],
        token: null,
        receiptEmail: '',
        savedAt: '2026-11-20T10:00:00.000Z',
      }),
    );
    fetchMock.mockImplementation(async () => answer(200, detail));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/^Name/u)).toHaveProperty('value', 'Erika');
    expect(screen.getByText(/The form has changed since you started/u)).toBeTruthy();
  });
});
