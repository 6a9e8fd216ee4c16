import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { searchKindSchema, searchSortSchema } from '@kuvert/shared/search';
import type { SearchKind, SearchSort } from '@kuvert/shared/search';
import { PageTitle } from '../../components/ui/page-title.tsx';
import type { LetterFilter } from '../../features/letters/api/get-letters.ts';
import { LetterList } from '../../features/letters/components/letter-list.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { SearchResults } from './search-results.tsx';
import { useAddToFileAction } from './use-add-to-file-action.tsx';
import { useMoveTargets } from './use-move-targets.ts';

interface LetterListPageProps {
  title: string;
  filter: LetterFilter;
  emptyState: ReactNode;
  /** Shown between the title and the list: filters, notes, buttons. */
  aside?: ReactNode;
  headerActions?: ReactNode;
  isSearchable?: boolean;
  isSelectable?: boolean;
}

/**
 * A page of letters: title, search (its query, order and what it looks through live in `?q=`,
 * `?sort=` and `?kind=`, so back and forward work), and the list, or the search results
 * (letters and uploads) while searching.
 */
export function LetterListPage({
  title,
  filter,
  emptyState,
  aside,
  headerActions,
  isSearchable = false,
  isSelectable = true,
}: LetterListPageProps) {
  const folders = useMoveTargets();
  const fileAdding = useAddToFileAction();
  const selectionActions = fileAdding.letterAction === null ? [] : [fileAdding.letterAction];
  const [searchParams, setSearchParams] = useSearchParams();
  const query = isSearchable ? (searchParams.get('q') ?? '').trim() : '';

  const parsedSort = searchSortSchema.safeParse(searchParams.get('sort'));
  const sort: SearchSort = parsedSort.success ? parsedSort.data : 'relevance';
  const parsedKind = searchKindSchema.safeParse(searchParams.get('kind'));
  const kind: SearchKind = parsedKind.success ? parsedKind.data : 'all';

  const setParam = (name: 'q' | 'sort' | 'kind', next: string | null) =>
    setSearchParams((params) => {
      if (next === null) params.delete(name);
      else params.set(name, next);
      return params;
    });
  const setQuery = (next: string | null) =>
    next === null
      ? setSearchParams((params) => {
          params.delete('q');
          params.delete('sort');
          params.delete('kind');
          return params;
        })
      : setParam('q', next);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <PageTitle>{title}</PageTitle>
        {isSearchable ? (
          <SearchBox
            query={query}
            onSearch={(next) => setQuery(next)}
            onClear={() => setQuery(null)}
          />
        ) : null}
        {headerActions}
      </Group>
      {query === '' ? aside : null}
      {query === '' ? (
        <LetterList
          filter={filter}
          label={title}
          folders={folders}
          emptyState={emptyState}
          isSelectable={isSelectable}
          selectionActions={selectionActions}
        />
      ) : (
        <SearchResults
          query={query}
          sort={sort}
          kind={kind}
          // Relevance and all are the defaults: the URL stays short.
          onSortChange={(next) => setParam('sort', next === 'relevance' ? null : next)}
          onKindChange={(next) => setParam('kind', next === 'all' ? null : next)}
          folders={folders}
          fileAdding={fileAdding}
        />
      )}
      {fileAdding.dialog}
    </Stack>
  );
}
