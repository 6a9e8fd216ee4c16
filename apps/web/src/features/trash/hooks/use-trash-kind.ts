import { useSearchParams } from 'react-router';
import { trashKindSchema } from '@kuvert/shared/trash';
import type { TrashKind } from '@kuvert/shared/trash';

/**
 * The kind the trash shows lives in the URL (`?kind=letter`), so reload, back and forward
 * keep it; every kind (the default) keeps the URL short.
 */
export function useTrashKind(): [TrashKind | null, (next: TrashKind | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = trashKindSchema.safeParse(searchParams.get('kind'));
  const setKind = (next: TrashKind | null) =>
    setSearchParams((params) => {
      if (next === null) params.delete('kind');
      else params.set('kind', next);
      return params;
    });
  return [parsed.success ? parsed.data : null, setKind];
}
