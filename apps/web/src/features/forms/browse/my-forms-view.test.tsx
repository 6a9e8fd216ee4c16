import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDraftSummary, FormSubmissionSummary } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiPath } from '../../../lib/api-client.ts';
import { initI18n, loadTranslations } from '../../../lib/i18n.ts';
import { MyFormsView } from './my-forms-view.tsx';
import {
  draftSummary,
  formSummary,
  json,
  renderAt,
  signIn,
  submissionSummary,
} from './test-fixtures.tsx';

let drafts: FormDraftSummary[] = [];
let submissionPages: Record<string, { items: FormSubmissionSummary[]; next_cursor: string | null }>;
const requests: string[] = [];
const draftsPath = apiPath(formEndpoints.drafts);
const submissionsPath = apiPath(formEndpoints.submissions);
/** The mailbox's submissions, as the list asks for them (`cursor` for an older page). */
const submissionsRequest = (query: Record<string, string>) =>
  `GET ${apiPath(formEndpoints.submissions, { query })}`;
const isSubmissionsRequest = (request: string) => request.startsWith(`GET ${submissionsPath}`);

/** The server's form-drafts and form-submissions routes, over the lists above. */
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  requests.push(`${method} ${url.pathname}${url.search}`);
  if (url.pathname === draftsPath && method === 'GET') return json({ items: drafts });
  if (url.pathname.startsWith(`${draftsPath}/`) && method === 'DELETE') {
    drafts = drafts.filter(
      (draft) => url.pathname !== apiPath(formEndpoints.deleteDraft, { params: { id: draft.id } }),
    );
    return new Response(null, { status: 204 });
  }
  if (url.pathname === submissionsPath) {
    const page = submissionPages[url.searchParams.get('cursor') ?? ''];
    return json(page ?? { items: [], next_cursor: null });
  }
  return json({ code: 'NOT_FOUND', message: 'no' }, 404);
});

describe('/forms/my', () => {
  beforeAll(async () => {
    await initI18n();
    await loadTranslations('app');
  });
  beforeEach(() => {
    signIn();
    requests.length = 0;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the mailbox's drafts and submissions with their status and receipt", async () => {
    drafts = [draftSummary()];
    submissionPages = {
      '': {
        items: [
          submissionSummary(),
          submissionSummary({
            id: 's2',
            reference: 'KV-2026-0002',
            status: 'processing',
            delivered_at: null,
            receipt_url: null,
          }),
          submissionSummary({
            id: 's3',
            reference: 'KV-2026-0003',
            status: 'failed',
            failure_reason: 'The provider is suspended.',
            delivered_at: null,
            receipt_url: null,
          }),
        ],
        next_cursor: null,
      },
    };
    renderAt('/forms/my', '/forms/my', <MyFormsView />);

    const draftList = await screen.findByRole('list', { name: 'Drafts' });
    const draft = within(draftList).getByRole('listitem', { name: 'Change of address' });
    expect(draft.textContent).toContain('3 of 7 fields answered');
    expect(
      within(draft).getByRole('link', { name: 'Continue: Change of address' }).getAttribute('href'),
    ).toBe('/forms/my/p1/f1/add?draft=d1');

    const sent = await screen.findByRole('list', { name: 'Sent' });
    const [delivered, processing, failed] = within(sent).getAllByRole('listitem');
    expect(delivered?.textContent).toContain('Sent to Stadtwerke Kiel');
    expect(delivered?.textContent).toContain('KV-2026-0001');
    expect(
      within(delivered ?? sent)
        .getByRole('link', { name: /Open receipt/u })
        .getAttribute('href'),
    ).toBe(apiPath(formEndpoints.receipt, { params: { id: 's1' } }));
    expect(processing?.textContent).toContain('Processing');
    expect(within(processing ?? sent).queryByRole('link', { name: /Open receipt/u })).toBeNull();
    expect(failed?.textContent).toContain('Failed');
    expect(failed?.textContent).toContain('The provider is suspended.');
    expect(requests).toContain(
      `GET ${apiPath(formEndpoints.drafts, { query: { account_id: 'a1' } })}`,
    );
    expect(requests).toContain(submissionsRequest({ account_id: 'a1' }));
  });

  it('deletes a draft only after asking, and the list follows', async () => {
    drafts = [draftSummary(), draftSummary({ id: 'd2', form: formSummary({ title: 'Meter' }) })];
    submissionPages = {};
    renderAt('/forms/my', '/forms/my', <MyFormsView />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete draft: Change of address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    expect(requests.some((request) => request.startsWith('DELETE'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Change of address' })).toBeNull(),
    );
    expect(requests).toContain(
      `DELETE ${apiPath(formEndpoints.deleteDraft, { params: { id: 'd1' } })}`,
    );
    expect(screen.getByRole('listitem', { name: 'Meter' })).toBeTruthy();
  });

  it('loads older submissions on asking', async () => {
    drafts = [];
    submissionPages = {
      '': { items: [submissionSummary()], next_cursor: 'next' },
      next: {
        items: [submissionSummary({ id: 's9', reference: 'KV-2025-0009' })],
        next_cursor: null,
      },
    };
    renderAt('/forms/my', '/forms/my', <MyFormsView />);
    expect(await screen.findByText(/No drafts/u)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('KV-2025-0009')).toBeTruthy();
    expect(requests).toContain(submissionsRequest({ account_id: 'a1', cursor: 'next' }));
    expect(
      within(screen.getByRole('list', { name: 'Sent' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('looks again while a submission is being delivered, until it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      drafts = [];
      const processing = submissionSummary({ status: 'processing', receipt_url: null });
      submissionPages = { '': { items: [processing], next_cursor: null } };
      renderAt('/forms/my', '/forms/my', <MyFormsView />);
      expect(await screen.findByText('Processing')).toBeTruthy();
      // Delivered meanwhile, and the live event missed (sent while the page was connecting).
      submissionPages = { '': { items: [submissionSummary()], next_cursor: null } };
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await screen.findByText('Sent to Stadtwerke Kiel')).toBeTruthy();
      const asked = requests.filter(isSubmissionsRequest);
      await vi.advanceTimersByTimeAsync(15_000);
      // Once nothing is processing, it stops asking.
      expect(requests.filter(isSubmissionsRequest)).toHaveLength(asked.length);
    } finally {
      vi.useRealTimers();
    }
  });
});
