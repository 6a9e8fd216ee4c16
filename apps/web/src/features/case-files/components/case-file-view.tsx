import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CaseFile } from '@kuvert/shared/case-files';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useCaseFile } from '../api/get-case-file.ts';
import { flattenTimelinePages, useCaseFileTimeline } from '../api/get-case-file-timeline.ts';
import { useRestoreCaseFile, useRestoreCaseFileLater } from '../api/restore-case-file.ts';
import { useTrashCaseFile } from '../api/trash-case-file.ts';
import { UNDO_TIMEOUT_MS } from '../hooks/undo.ts';
import { CaseFileBreadcrumbs } from './case-file-breadcrumbs.tsx';
import { CaseFileHeader } from './case-file-header.tsx';
import { CaseFileNotFound } from './case-file-not-found.tsx';
import { CaseFileTimeline } from './case-file-timeline.tsx';
import { EditCaseFileDialog } from './edit-case-file-dialog.tsx';

/** /files/file/{id}: the file's header and its items as a timeline. */
export function CaseFileView({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const fileQuery = useCaseFile(fileId);

  if (fileQuery.isError) {
    if (hasErrorCode(fileQuery.error, 'NOT_FOUND')) return <CaseFileNotFound kind="file" />;
    return <ErrorState error={fileQuery.error} onRetry={() => void fileQuery.refetch()} />;
  }
  if (fileQuery.data === undefined) {
    return (
      <Stack gap="lg" role="status" aria-label={t('common.loading')}>
        <Skeleton height={16} width={180} />
        <Skeleton height={150} radius="lg" />
        <Skeleton height={96} radius="lg" />
        <Skeleton height={96} radius="lg" />
      </Stack>
    );
  }
  return <LoadedCaseFile key={fileQuery.data.id} file={fileQuery.data} />;
}

function LoadedCaseFile({ file }: { file: CaseFile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSelectedAccount();
  const canWrite = can('organize');
  const timeline = useCaseFileTimeline(file.id);
  const items = flattenTimelinePages(timeline.data);
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingTrash, setIsConfirmingTrash] = useState(false);
  const trash = useTrashCaseFile();
  const restore = useRestoreCaseFile();
  const restoreLater = useRestoreCaseFileLater();
  const isTrashed = file.trashed_at !== null;

  const restoreFile = () =>
    restore.mutate(file.id, {
      onSuccess: () =>
        notify({ type: 'positive', message: t('caseFiles.trash.restored', { title: file.title }) }),
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });

  const moveToTrash = () =>
    trash.mutate(file.id, {
      onSuccess: () => {
        setIsConfirmingTrash(false);
        const handle = notify({
          type: 'positive',
          timeout: UNDO_TIMEOUT_MS,
          message: t('caseFiles.trash.done', { title: file.title, count: file.item_count }),
          action: {
            label: t('caseFiles.undo'),
            onClick: () => {
              handle.dismiss();
              void restoreLater(file.id).then(
                () =>
                  notify({
                    type: 'positive',
                    message: t('caseFiles.trash.restored', { title: file.title }),
                  }),
                (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
              );
            },
          },
        });
        void navigate(paths.files());
      },
      onError: (error) => {
        setIsConfirmingTrash(false);
        notify({ type: 'negative', message: translateError(t, error) });
      },
    });

  const addItemButton = (
    <Button
      component={Link}
      to={paths.fileItemCreate(file.id)}
      leftSection={<IconPlus size={18} aria-hidden="true" />}
    >
      {t('caseFiles.item.add')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={960}>
      <CaseFileBreadcrumbs
        crumbs={[{ label: t('pages.files'), href: paths.files() }, { label: file.title }]}
      />
      <CaseFileHeader
        file={file}
        canWrite={canWrite}
        onEdit={() => setIsEditing(true)}
        onTrash={() => setIsConfirmingTrash(true)}
      />
      {isTrashed ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconTrash aria-hidden="true" />}
          title={t('caseFiles.trashedNotice.title')}
        >
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('caseFiles.trashedNotice.text')}</Text>
            {canWrite ? (
              <Button
                size="xs"
                variant="default"
                loading={restore.isPending}
                onClick={() => restoreFile()}
              >
                {t('caseFiles.trashedNotice.restore')}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="timeline-heading">
        <Title order={2} fz="h4" id="timeline-heading">
          {t('caseFiles.timeline.title')}
        </Title>
        {timeline.isError ? (
          <ErrorState error={timeline.error} onRetry={() => void timeline.refetch()} />
        ) : null}
        {timeline.isPending ? (
          <Stack gap="sm" role="status" aria-label={t('common.loading')}>
            <Skeleton height={96} radius="lg" />
            <Skeleton height={96} radius="lg" />
          </Stack>
        ) : null}
        {timeline.isSuccess && items.length === 0 ? (
          <EmptyState
            icon={<IconFilePlus size={32} />}
            title={t('caseFiles.timeline.empty.title')}
            text={t('caseFiles.timeline.empty.text')}
            action={canWrite && !isTrashed ? addItemButton : undefined}
          />
        ) : null}
        {items.length > 0 ? (
          <CaseFileTimeline
            color={file.color}
            items={items}
            hasNextPage={timeline.hasNextPage}
            isFetchingNextPage={timeline.isFetchingNextPage}
            fetchNextPage={timeline.fetchNextPage}
          />
        ) : null}
      </Stack>
      <EditCaseFileDialog file={file} opened={isEditing} onClose={() => setIsEditing(false)} />
      <ConfirmDialog
        opened={isConfirmingTrash}
        title={t('caseFiles.trash.confirmTitle', { title: file.title })}
        message={t('caseFiles.trash.confirmText', { count: file.item_count })}
        confirmLabel={t('caseFiles.trash.confirm')}
        cancelLabel={t('dialog.cancel')}
        isDestructive
        isPending={trash.isPending}
        onConfirm={moveToTrash}
        onClose={() => setIsConfirmingTrash(false)}
      />
    </Stack>
  );
}
