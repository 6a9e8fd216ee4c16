import { Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { flattenCaseFilePages, useCaseFiles } from '../api/get-case-files.ts';
import { useCaseFileListParams } from '../hooks/use-case-file-list-params.ts';
import { CaseFileCard } from './case-file-card.tsx';
import { CaseFileListToolbar } from './case-file-list-toolbar.tsx';

/** /files: the account's files as cards, with search, order and endless scrolling. */
export function CaseFilesView() {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('organize');
  const { filter, setSearch, setSort } = useCaseFileListParams();
  const files = useCaseFiles(accountId, filter);
  const items = flattenCaseFilePages(files.data);
  const isSearch = filter.q !== '';
  // Only an answer for this very search counts: the last one stays while a new one loads.
  const hasNone = files.isSuccess && !files.isPlaceholderData && items.length === 0;

  const createButton = (
    <Button
      component={Link}
      to={paths.fileCreate()}
      leftSection={<IconPlus size={18} aria-hidden="true" />}
    >
      {t('caseFiles.create')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1120}>
      <Group justify="space-between" align="center" gap="sm">
        <PageTitle>{t('pages.files')}</PageTitle>
        {canWrite && !(hasNone && !isSearch) ? createButton : null}
      </Group>
      {hasNone && !isSearch ? null : (
        <CaseFileListToolbar
          filter={filter}
          isSearching={files.isFetching && !files.isFetchingNextPage && files.isPlaceholderData}
          onSearchChange={setSearch}
          onSortChange={setSort}
        />
      )}
      {files.isError ? (
        <ErrorState error={files.error} onRetry={() => void files.refetch()} />
      ) : null}
      {files.isPending && accountId !== null ? <CaseFileGridSkeleton /> : null}
      {hasNone && !isSearch ? (
        <EmptyState
          icon={<IconBriefcase size={32} />}
          title={t('caseFiles.empty.title')}
          text={t('caseFiles.empty.text')}
          action={
            canWrite ? (
              <Button
                component={Link}
                to={paths.fileCreate()}
                leftSection={<IconPlus size={18} aria-hidden="true" />}
              >
                {t('caseFiles.empty.create')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('caseFiles.readOnly')}
              </Text>
            )
          }
        />
      ) : null}
      {hasNone && isSearch ? (
        <Text c="dimmed" role="status">
          {t('caseFiles.list.noMatch', { search: filter.q })}
        </Text>
      ) : null}
      {items.length > 0 && !hasNone ? (
        <>
          <SimpleGrid
            component="ul"
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            aria-label={t('caseFiles.list.label')}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((file) => (
              <li key={file.id}>
                <CaseFileCard file={file} />
              </li>
            ))}
          </SimpleGrid>
          <InfiniteListFooter
            hasNextPage={files.hasNextPage}
            isFetchingNextPage={files.isFetchingNextPage}
            fetchNextPage={files.fetchNextPage}
          />
        </>
      ) : null}
    </Stack>
  );
}

function CaseFileGridSkeleton() {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      role="status"
      aria-label={t('common.loading')}
    >
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={148} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
