import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { FormCataloguePage, FormSummary, FormUseCase } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import { FIRST_PAGE_CURSOR } from '../../../lib/pagination.ts';

/** What the catalogue is narrowed to: words of titles and descriptions, a use case, a provider. */
export interface FormCatalogueFilter {
  q?: string;
  useCase?: FormUseCase;
  providerId?: string;
}

export function getFormCatalogue(
  filter: FormCatalogueFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FormCataloguePage> {
  const params = new URLSearchParams();
  if (filter.q !== undefined && filter.q !== '') params.set('q', filter.q);
  if (filter.useCase !== undefined) params.set('use_case', filter.useCase);
  if (filter.providerId !== undefined) params.set('provider_id', filter.providerId);
  if (cursor !== null) params.set('cursor', cursor);
  return apiCall(formEndpoints.catalogue, { query: params, signal });
}

export const formCatalogueQueryOptions = (filter: FormCatalogueFilter) =>
  infiniteQueryOptions({
    queryKey: [
      ...mailboxKeys.forms,
      'catalogue',
      filter.q ?? '',
      filter.useCase ?? '',
      filter.providerId ?? '',
    ],
    queryFn: ({ pageParam, signal }) => getFormCatalogue(filter, pageParam, signal),
    initialPageParam: FIRST_PAGE_CURSOR,
    getNextPageParam: (lastPage: FormCataloguePage) => lastPage.next_cursor,
  });

/** The loaded forms in order, each once (a form may move between pages while paging). */
export function flattenFormPages(data: InfiniteData<FormCataloguePage> | undefined): FormSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.items)
    .filter((form) => {
      if (seen.has(form.id)) return false;
      seen.add(form.id);
      return true;
    });
}

/** Published forms matching the filter; `enabled` false: not asked for yet (no search typed). */
export function useFormCatalogue(filter: FormCatalogueFilter, enabled = true) {
  return useInfiniteQuery({
    ...formCatalogueQueryOptions(filter),
    enabled,
    // While a new search loads, the last answer stays: the results do not flash empty.
    placeholderData: keepPreviousData,
  });
}
