import { useSearchParams } from 'react-router';
import { uploadKindSchema, uploadSortSchema } from '@kuvert/shared/uploads';
import type { UploadKind, UploadSort } from '@kuvert/shared/uploads';
import type { UploadListFilter } from '../api/get-uploads.ts';

/**
 * The list's order and filters live in the URL (`?sort=`, `?kind=`, `?name=`): back and
 * forward work, and a link shows the same list. Defaults stay out of it.
 */
export function useUploadListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = uploadSortSchema.safeParse(searchParams.get('sort'));
  const kind = uploadKindSchema.safeParse(searchParams.get('kind'));
  const filter: UploadListFilter = {
    sort: sort.success ? sort.data : 'newest',
    kind: kind.success ? kind.data : null,
    name: (searchParams.get('name') ?? '').trim(),
  };

  const setParam = (name: 'sort' | 'kind' | 'name', value: string | null) =>
    setSearchParams(
      (params) => {
        if (value === null || value === '') params.delete(name);
        else params.set(name, value);
        return params;
      },
      // Typing a name changes the URL per keystroke; history keeps one entry for it.
      { replace: name === 'name' },
    );

  return {
    filter,
    isFiltered: filter.kind !== null || filter.name !== '',
    setSort: (next: UploadSort) => setParam('sort', next === 'newest' ? null : next),
    setKind: (next: UploadKind | null) => setParam('kind', next),
    setName: (next: string) => setParam('name', next.trim()),
  };
}
