import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type {
  FormDraftSummary,
  FormProvider,
  FormSubmissionSummary,
  FormSummary,
} from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiPath } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

export const stadtwerke: FormProvider = {
  id: 'p1',
  name: 'Stadtwerke Kiel',
  category: 'Energy',
  verified: true,
  logo_url: null,
};

export function formSummary(overrides: Partial<FormSummary> = {}): FormSummary {
  return {
    id: 'f1',
    provider: stadtwerke,
    title: 'Change of address',
    description: 'Tell us where you live now.',
    use_cases: ['moving_house'],
    version: 1,
    public: false,
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function draftSummary(overrides: Partial<FormDraftSummary> = {}): FormDraftSummary {
  return {
    id: 'd1',
    form: formSummary(),
    form_version: 1,
    answered: 3,
    field_count: 7,
    created_by_name: null,
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function submissionSummary(
  overrides: Partial<FormSubmissionSummary> = {},
): FormSubmissionSummary {
  return {
    id: 's1',
    reference: 'KV-2026-0001',
    form: { id: 'f1', title: 'Change of address', version: 1 },
    provider: stadtwerke,
    status: 'delivered',
    failure_reason: null,
    submitted_by_name: null,
    created_at: '2026-11-20T10:00:00.000Z',
    delivered_at: '2026-11-20T10:00:05.000Z',
    receipt_url: apiPath(formEndpoints.receipt, { params: { id: 's1' } }),
    ...overrides,
  };
}

/** A signed-in user whose selected mailbox is `a1`. */
export function signIn(): void {
  startSession({
    created_at: new Date().toISOString(),
    expires_in: 3600,
    csrf_token: 'csrf',
    login_token: 'login',
    first_name: 'Erika',
    language: 'en',
    accounts: [{ id: 'a1', name: 'Erika', kind: 'personal', role: 'owner', is_own: true }],
  });
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Where the router is now, for asserting what the URL says. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderAt(path: string, pattern: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={page} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
