import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconClockHour4, IconLock, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { TrashEntry } from '@kuvert/shared/trash';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { flattenTrashEntries, trashEntryKey, useTrashEntries } from '../api/get-trash-entries.ts';
import { useTrashActions } from '../hooks/use-trash-actions.ts';
import { useTrashKind } from '../hooks/use-trash-kind.ts';
import { useTrashSelection } from '../hooks/use-trash-selection.ts';
import { DeleteForeverDialog } from './delete-forever-dialog.tsx';
import { EmptyTrashButton } from './empty-trash-button.tsx';
import { TrashEntryRow } from './trash-entry-row.tsx';
import { TrashKindFilter } from './trash-kind-filter.tsx';
import classes from './trash-list.module.css';
import { TrashToolbar } from './trash-toolbar.tsx';

/**
 * Everything in the trash in one list, newest first: filtered by kind (in the URL), each
 * entry restored or deleted for good, alone or selected with others; the whole trash emptied.
 */
export function TrashView() {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('organize');
  const [kind, setKind] = useTrashKind();
  const query = useTrashEntries(accountId, kind);
  const entries = useMemo(() => flattenTrashEntries(query.data), [query.data]);
  const firstPage = query.data?.pages[0];
  const counts = firstPage?.counts;
  const total = counts && Object.values(counts).reduce((sum, count) => sum + count, 0);
  const selection = useTrashSelection(entries);
  const actions = useTrashActions(accountId);
  const [toDelete, setToDelete] = useState<readonly TrashEntry[] | null>(null);
  const onToggle = canWrite ? selection.toggle : null;

  const list = () => {
    if (query.isError)
      return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
    if (firstPage === undefined) return <LoadingState />;
    if (entries.length === 0) {
      return (
        <EmptyState
          icon={<IconTrash size={32} />}
          title={kind === null ? t('trash.emptyState.title') : t(`trash.kinds.${kind}.empty`)}
          text={t('trash.emptyState.text', { count: firstPage.retention_days })}
          action={
            kind !== null && (total ?? 0) > 0 ? (
              <Button variant="light" onClick={() => setKind(null)}>
                {t('trash.emptyState.showAll')}
              </Button>
            ) : undefined
          }
        />
      );
    }
    return (
      <>
        <div className={classes.frame}>
          {canWrite ? (
            <TrashToolbar
              selection={selection}
              loadedCount={entries.length}
              isRestoring={actions.isRestoring}
              onRestore={() => actions.restoreEntries(selection.selected)}
              onDelete={() => setToDelete(selection.selected)}
            />
          ) : null}
          <ul className={classes.list} aria-label={t('trash.title')}>
            {entries.map((entry) => (
              <TrashEntryRow
                key={trashEntryKey(entry)}
                entry={entry}
                isSelected={selection.isSelected(entry)}
                onToggle={onToggle}
                onRestore={(restored) => actions.restoreEntries([restored])}
                onDelete={(deleted) => setToDelete([deleted])}
                isRestoring={actions.isRestoringEntry(entry)}
              />
            ))}
          </ul>
        </div>
        <InfiniteListFooter
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={query.fetchNextPage}
        />
      </>
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <PageTitle>{t('pages.trash')}</PageTitle>
        <EmptyTrashButton total={total} />
      </Group>
      {firstPage ? (
        <Alert
          variant="light"
          color="gray"
          radius="md"
          icon={canWrite ? <IconClockHour4 aria-hidden="true" /> : <IconLock aria-hidden="true" />}
        >
          {t('trash.note', { count: firstPage.retention_days })}
          {canWrite ? null : ` ${t('trash.readOnly')}`}
        </Alert>
      ) : null}
      <TrashKindFilter
        kind={kind}
        counts={counts}
        onChange={(next) => {
          selection.clear();
          setKind(next);
        }}
      />
      {list()}
      <DeleteForeverDialog
        entries={toDelete}
        isPending={actions.isDeleting}
        onConfirm={(confirmed) =>
          actions.deleteEntries(confirmed, () => {
            setToDelete(null);
            selection.clear();
          })
        }
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
