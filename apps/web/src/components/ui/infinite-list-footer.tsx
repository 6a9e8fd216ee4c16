import { Button, Center } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useOnVisible } from '../../lib/use-intersection.ts';

export interface InfiniteListFooterProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of an infinitely scrolling list: loads the next page as it scrolls into view, with
 * a button for keyboards, screen readers and browsers without IntersectionObserver.
 */
export function InfiniteListFooter({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: InfiniteListFooterProps) {
  const { t } = useTranslation();
  const sentinelRef = useOnVisible<HTMLDivElement>(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, hasNextPage);
  return (
    <>
      <div ref={sentinelRef} aria-hidden="true" />
      {hasNextPage ? (
        <Center py="md">
          <Button
            variant="subtle"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
          >
            {t('letters.list.loadMore')}
          </Button>
        </Center>
      ) : null}
    </>
  );
}
