import { Center, Loader } from '@mantine/core';
import type { UploadSearchHit } from '@kuvert/shared/search';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import type { InfiniteListFooterProps } from '../../../components/ui/infinite-list-footer.tsx';
import { UploadHitRow } from './upload-hit-row.tsx';
import classes from './upload-hit-list.module.css';

interface UploadHitListProps {
  hits: readonly UploadSearchHit[];
  /** Names the list for screen readers, e.g. "Results for “lease”". */
  label: string;
  pages: InfiniteListFooterProps;
}

/** Search results that are all uploads: their rows, more pages as the user scrolls. */
export function UploadHitList({ hits, label, pages }: UploadHitListProps) {
  return (
    <div className={classes.frame}>
      <ul className={classes.list} aria-label={label}>
        {hits.map((hit) => (
          <UploadHitRow key={hit.upload.id} hit={hit} />
        ))}
      </ul>
      <InfiniteListFooter
        hasNextPage={pages.hasNextPage}
        isFetchingNextPage={pages.isFetchingNextPage}
        fetchNextPage={pages.fetchNextPage}
      />
      {pages.isFetchingNextPage ? (
        <Center py="xs" aria-hidden="true">
          <Loader size="xs" />
        </Center>
      ) : null}
    </div>
  );
}
