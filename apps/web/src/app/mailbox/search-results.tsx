import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '@kuvert/shared/search';
import type { SearchSort } from '@kuvert/shared/search';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState, LoadingState } from '../../components/ui/query-status.tsx';
import { LoadedLetterList } from '../../features/letters/components/letter-list.tsx';
import type { MoveTarget } from '../../features/letters/components/move-menu.tsx';
import { isSearchableQuery, useSearchLetters } from '../../features/search/api/search-letters.ts';
import { SearchHitDetail } from '../../features/search/components/search-hit-detail.tsx';
import { SearchSortControl } from '../../features/search/components/search-sort-control.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';

interface SearchResultsProps {
  query: string;
  sort: SearchSort;
  onSortChange: (sort: SearchSort) => void;
  folders: readonly MoveTarget[];
}

/** A query's words are not wrapped by the browser: a long one must not widen the page. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * The hits of a search as the inbox's rows (unread, invoice, sent, selection and bulk
 * actions), each showing where it matched, in the order the user chose.
 */
export function SearchResults({ query, sort, onSortChange, folders }: SearchResultsProps) {
  const { t } = useTranslation();
  const { accountId, role } = useSelectedAccount();
  const search = useSearchLetters(accountId, query, sort);
  const { hits } = search;
  const letters = useMemo(() => hits.map((hit) => hit.letter), [hits]);
  const hitsById = useMemo(() => new Map(hits.map((hit) => [hit.letter.id, hit])), [hits]);

  if (!isSearchableQuery(query)) {
    return (
      <Alert color="red" title={t('search.limit.title')} style={wrapAnywhere}>
        {t('search.limit.tooLong', {
          count: query.length - SEARCH_QUERY_MAX_LENGTH,
          max: SEARCH_QUERY_MAX_LENGTH,
        })}
      </Alert>
    );
  }
  if (search.isError)
    return <ErrorState error={search.error} onRetry={() => void search.refetch()} />;
  // Until the session tells the user's role, rows would gain their checkboxes late.
  if (search.isPending || role === null) return <LoadingState />;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" role="status" style={{ ...wrapAnywhere, minWidth: 0 }}>
          {hits.length === 0
            ? t('search.noResultsStatus', { query })
            : t(search.hasNextPage ? 'search.resultsMore' : 'search.results', {
                count: hits.length,
                query,
              })}
        </Text>
        <SearchSortControl sort={sort} onChange={onSortChange} />
      </Group>
      {hits.length === 0 ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconSearch size={30} />}
            title={t('search.empty.title')}
            text={t('search.empty.text')}
          />
        </Paper>
      ) : (
        <LoadedLetterList
          letters={letters}
          view="inbox"
          currentFolderId={undefined}
          label={t('search.resultsLabel', { query })}
          folders={folders}
          isSelectable
          pages={search}
          renderDetail={(letter) => {
            const hit = hitsById.get(letter.id);
            return hit ? <SearchHitDetail hit={hit} /> : undefined;
          }}
        />
      )}
    </Stack>
  );
}
