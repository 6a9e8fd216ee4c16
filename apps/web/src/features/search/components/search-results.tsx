import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { SearchHit } from '@kuvert/shared/search';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { HighlightedText } from '../../../components/ui/highlighted-text.tsx';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useSearchLetters } from '../api/search-letters.ts';

/** Hits for a search, each with the passage where it matched and where that was. */
export function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const { accountId } = useSelectedAccount();
  const searchQuery = useSearchLetters(accountId, query);
  const hits = useMemo(
    () => searchQuery.data?.pages.flatMap((page) => page.hits) ?? [],
    [searchQuery.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = searchQuery;

  if (searchQuery.isPending) return <LoadingState />;
  if (searchQuery.isError)
    return <ErrorState error={searchQuery.error} onRetry={() => void searchQuery.refetch()} />;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {hits.length === 0
          ? t('search.noResultsStatus', { query })
          : t(hasNextPage ? 'search.resultsMore' : 'search.results', {
              count: hits.length,
              query,
            })}
      </Text>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {hits.length === 0 ? (
          <EmptyState
            icon={<IconSearch size={30} />}
            title={t('search.empty.title')}
            text={t('search.empty.text')}
          />
        ) : (
          <ul
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label={t('search.resultsLabel', { query })}
          >
            {hits.map((hit) => (
              <SearchHitRow key={hit.letter.id} hit={hit} />
            ))}
          </ul>
        )}
        <InfiniteListFooter
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        />
      </Paper>
    </Stack>
  );
}

function SearchHitRow({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const { letter } = hit;
  const href =
    letter.direction === 'outbound' ? paths.sentLetter(letter.id) : paths.letter(letter.id);
  return (
    <Group
      component="li"
      gap="md"
      wrap="nowrap"
      align="flex-start"
      px={{ base: 'sm', sm: 'md' }}
      py="sm"
      data-letter-id={letter.id}
      style={{ borderBottom: '1px solid var(--kuvert-color-border-subtle)' }}
    >
      <ProviderAvatar
        providerId={letter.provider.id}
        name={letter.provider.name}
        hasLogo={letter.provider.has_logo}
      />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {letter.provider.name}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatListDate(letter.created_at)}
          </Text>
        </Group>
        <Anchor component={Link} to={href} fw={700} size="sm" c="bright">
          {letter.subject}
        </Anchor>
        <Text
          size="sm"
          c="var(--kuvert-color-quiet-text)"
          lineClamp={2}
          data-testid="search-snippet"
        >
          <HighlightedText snippet={hit.snippet} />
        </Text>
        <Group gap={6} mt={2}>
          <Badge
            variant="light"
            color="gray"
            c="var(--kuvert-color-quiet-text)"
            radius="sm"
            tt="none"
            size="sm"
          >
            {t(`search.matchedIn.${hit.matched_in}`)}
          </Badge>
          {letter.trashed_at ? (
            <Badge
              variant="light"
              color="gray"
              c="var(--kuvert-color-quiet-text)"
              radius="sm"
              tt="none"
              size="sm"
            >
              {t('letters.detail.inTrash')}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}
