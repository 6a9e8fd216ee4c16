import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { caseFileSortSchema } from '@kuvert/shared/case-files';
import type { CaseFileSort } from '@kuvert/shared/case-files';
import type { CaseFileListFilter } from '../api/get-case-files.ts';

/**
 * The list's search and order live in the URL (`?q=`, `?sort=`): back and forward work, and a
 * link shows the same list. Defaults stay out of it.
 */
export function useCaseFileListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = caseFileSortSchema.safeParse(searchParams.get('sort'));
  const filter: CaseFileListFilter = {
    q: (searchParams.get('q') ?? '').trim(),
    sort: sort.success ? sort.data : 'activity',
  };

  const setParam = useCallback(
    (name: 'q' | 'sort', value: string | null) =>
      setSearchParams(
        (params) => {
          if (value === null || value === '') params.delete(name);
          else params.set(name, value);
          return params;
        },
        // Typing changes the URL as it pauses; history keeps one entry for the search.
        { replace: name === 'q' },
      ),
    [setSearchParams],
  );

  const setSearch = useCallback((next: string) => setParam('q', next.trim()), [setParam]);
  const setSort = useCallback(
    (next: CaseFileSort) => setParam('sort', next === 'activity' ? null : next),
    [setParam],
  );
  return { filter, setSearch, setSort };
}
