import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  MailMerge,
  MailMergeCsvInspection,
  MailMergeDefinition,
  MailMergeInspectRequest,
  MailMergePreview,
} from '@kuvert/shared/mail-merge';
import { mailMergeEndpoints } from '@kuvert/shared/mail-merge/endpoints';
import { apiCall, apiUrl } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';

const keys = {
  list: (accountId: string) => [...mailboxKeys.mailMerges, 'list', accountId] as const,
  one: (id: string) => [...mailboxKeys.mailMerges, 'one', id] as const,
  rows: (id: string, status: 'failed' | null) =>
    [...mailboxKeys.mailMerges, 'rows', id, status] as const,
  inspect: (request: MailMergeInspectRequest) =>
    [...mailboxKeys.mailMerges, 'inspect', request] as const,
};

/** Rows of a merge's results shown at once (the rest: "show more"). */
export const RESULT_PAGE_ROWS = 100;

export function inspectCsv(request: MailMergeInspectRequest): Promise<MailMergeCsvInspection> {
  return apiCall(mailMergeEndpoints.inspect, { body: request });
}

/** The CSV as the server reads it; the last reading stays while another encoding loads. */
export function useCsvInspection(request: MailMergeInspectRequest | null) {
  return useQuery({
    queryKey: keys.inspect(request ?? { account_id: '', upload_id: '' }),
    queryFn: () => inspectCsv(request ?? { account_id: '', upload_id: '' }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function previewMailMerge(definition: MailMergeDefinition): Promise<MailMergePreview> {
  return apiCall(mailMergeEndpoints.preview, { body: definition });
}

export function usePreviewMailMerge() {
  return useMutation({ mutationFn: previewMailMerge });
}

export function useStartMailMerge() {
  return useMutation({
    mutationFn: (definition: MailMergeDefinition): Promise<MailMerge> =>
      apiCall(mailMergeEndpoints.create, { body: definition }),
  });
}

export function useMailMerges(accountId: string | null) {
  return useQuery({
    queryKey: keys.list(accountId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(mailMergeEndpoints.list, { query: { account_id: accountId ?? '' }, signal }),
    enabled: accountId !== null,
  });
}

/** One merge; live events refresh it, and a slow poll covers a lost connection meanwhile. */
export function useMailMerge(id: string | null) {
  return useQuery({
    queryKey: keys.one(id ?? ''),
    queryFn: ({ signal }) => apiCall(mailMergeEndpoints.get, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 3000 : false),
  });
}

export function useMailMergeRows(id: string, status: 'failed' | null, limit: number) {
  return useQuery({
    queryKey: [...keys.rows(id, status), limit],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(Math.min(limit, 200)) });
      if (status !== null) params.set('status', status);
      return apiCall(mailMergeEndpoints.rows, { params: { id }, query: params, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export const failedRowsCsvUrl = (id: string) =>
  apiUrl(mailMergeEndpoints.failedRowsCsv, { params: { id } });
