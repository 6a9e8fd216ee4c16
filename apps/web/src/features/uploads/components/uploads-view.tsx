import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconLock, IconSearchOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useUploadUsage } from '../api/get-upload-usage.ts';
import { flattenUploadPages, useUploads } from '../api/get-uploads.ts';
import { useUploadQueue } from '../hooks/upload-queue.ts';
import { useStartUploads } from '../hooks/use-start-uploads.ts';
import { useUploadActions } from '../hooks/use-upload-actions.ts';
import { useUploadListParams } from '../hooks/use-upload-list-params.ts';
import { useUploadPicker } from '../hooks/use-upload-picker.ts';
import { useUploadSelection } from '../hooks/use-upload-selection.ts';
import { useViewMode } from '../hooks/use-view-mode.ts';
import { UnfinishedUploads } from './unfinished-uploads.tsx';
import { UploadCollection } from './upload-collection.tsx';
import { UploadDropOverlay } from './upload-drop-overlay.tsx';
import { UploadListToolbar } from './upload-list-toolbar.tsx';
import { UploadPickerButton } from './upload-picker-button.tsx';
import { UploadProgressPanel } from './upload-progress-panel.tsx';
import { UploadSelectionBar } from './upload-selection-bar.tsx';
import type { UploadSelectionAction } from './upload-selection-bar.tsx';
import { UploadUsageMeter } from './upload-usage-meter.tsx';
import { UploadsInProgress } from './uploads-in-progress.tsx';

function UploadListSkeleton() {
  const { t } = useTranslation();
  return (
    <Group gap="md" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={220} width={200} radius="lg" />
      ))}
    </Group>
  );
}

/**
 * /uploads: the mailbox's own documents. Files go up by the picker or dropped anywhere on the
 * page, each with its progress; below, the uploads as a grid or a list, to sort, filter,
 * select, download and trash. Viewers see the documents but cannot change them.
 */
export function UploadsView({
  selectionActions = [],
}: {
  /** What other areas do with the selected uploads (from app/), e.g. "Add to a file". */
  selectionActions?: readonly UploadSelectionAction[];
}) {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('upload');
  const allQueued = useUploadQueue();
  const queue = useMemo(
    () => allQueued.filter((item) => item.accountId === accountId),
    [allQueued, accountId],
  );
  const sendingIds = useMemo(
    () => new Set(queue.flatMap((item) => (item.serverUploadId ? [item.serverUploadId] : []))),
    [queue],
  );
  const startUploads = useStartUploads(accountId);
  const usage = useUploadUsage(accountId).data;
  const { filter, isFiltered, setSort, setKind, setName } = useUploadListParams();
  const [viewMode, setViewMode] = useViewMode();
  const list = useUploads(accountId, filter);
  const uploads = useMemo(() => flattenUploadPages(list.data), [list.data]);
  const ids = useMemo(() => uploads.map((upload) => upload.id), [uploads]);
  const selection = useUploadSelection(ids);
  const actions = useUploadActions(accountId);
  const title = t('pages.uploads');

  const isEmpty = list.isSuccess && uploads.length === 0;
  const pickFiles = useUploadPicker(startUploads);
  const picker = canWrite ? <UploadPickerButton onPick={pickFiles} /> : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <PageTitle>{title}</PageTitle>
        {isEmpty && !isFiltered ? null : picker}
      </Group>
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        {usage ? <UploadUsageMeter usage={usage} /> : null}
        {canWrite ? (
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {t('uploads.dropHint')}
          </Text>
        ) : null}
      </Group>
      {canWrite ? null : (
        <Alert variant="light" color="gray" radius="md" icon={<IconLock aria-hidden="true" />}>
          {t('uploads.readOnly')}
        </Alert>
      )}
      {canWrite && accountId !== null ? (
        <UnfinishedUploads accountId={accountId} queue={queue} onPick={pickFiles} />
      ) : null}
      {canWrite ? <UploadProgressPanel items={queue} /> : null}
      <UploadsInProgress accountId={accountId} canWrite={canWrite} sendingIds={sendingIds} />
      {isEmpty && !isFiltered ? null : (
        <UploadListToolbar
          filter={filter}
          viewMode={viewMode}
          onSortChange={setSort}
          onKindChange={setKind}
          onNameChange={setName}
          onViewModeChange={setViewMode}
        />
      )}
      {list.isPending ? <UploadListSkeleton /> : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {isEmpty && !isFiltered ? (
        <EmptyState
          icon={<IconCloudUpload size={32} />}
          title={t('uploads.empty.title')}
          text={canWrite ? t('uploads.empty.text') : t('uploads.empty.textReadOnly')}
          action={picker}
        />
      ) : null}
      {isEmpty && isFiltered ? (
        <EmptyState
          icon={<IconSearchOff size={32} />}
          title={t('uploads.empty.filteredTitle')}
          text={t('uploads.empty.filteredText')}
        />
      ) : null}
      {uploads.length > 0 ? (
        <Stack gap="sm">
          <UploadSelectionBar
            selection={selection}
            loadedCount={uploads.length}
            canWrite={canWrite}
            isTrashing={actions.isTrashing}
            isDownloading={actions.isDownloading}
            onTrash={() => actions.trashUploads(selection.selectedIds, selection.clear)}
            onDownload={() => actions.downloadZip(selection.selectedIds)}
            selectionActions={selectionActions.map((action) => ({
              ...action,
              onSelect: () =>
                action.onSelect(
                  uploads.filter((upload) => selection.isSelected(upload.id)),
                  selection.clear,
                ),
            }))}
          />
          <UploadCollection
            uploads={uploads}
            viewMode={viewMode}
            selection={selection}
            label={title}
          />
          <InfiniteListFooter
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            fetchNextPage={list.fetchNextPage}
          />
        </Stack>
      ) : null}
      {canWrite ? <UploadDropOverlay onFiles={startUploads} /> : null}
    </Stack>
  );
}
