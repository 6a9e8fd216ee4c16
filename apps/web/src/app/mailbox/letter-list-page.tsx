import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { searchSortSchema } from '@kuvert/shared/search';
import type { SearchSort } from '@kuvert/shared/search';
import { PageTitle } from '../../components/ui/page-title.tsx';
import type { LetterFilter } from '../../features/letters/api/get-letters.ts';
import { LetterList } from '../../features/letters/components/letter-list.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { SearchResults } from './search-results.tsx';
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
 * A page of letters: title, search (its query and order live in `?q=` and `?sort=`, so back
 * and forward work), and the list, or the search results while searching.
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
  const [searchParams, setSearchParams] = useSearchParams();
  const query = isSearchable ? (searchParams.get('q') ?? '').trim() : '';

  const parsedSort = searchSortSchema.safeParse(searchParams.get('sort'));
  const sort: SearchSort = parsedSort.success ? parsedSort.data : 'relevance';

  const setParam = (name: 'q' | 'sort', next: string | null) =>
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
        />
      ) : (
        <SearchResults
          query={query}
          sort={sort}
          // Relevance is the default: the URL stays short.
          onSortChange={(next) => setParam('sort', next === 'relevance' ? null : next)}
          folders={folders}
        />
      )}
    </Stack>
  );
}
