import { Alert, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CaseFileItem } from '@kuvert/shared/case-files';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useCaseFileItem } from '../api/get-case-file-item.ts';
import { useRestoreCaseFileItemLater } from '../api/restore-case-file-item.ts';
import { useTrashCaseFileItem } from '../api/trash-case-file-item.ts';
import { useUpdateCaseFileItem } from '../api/update-case-file-item.ts';
import { itemFormValuesOf } from '../hooks/item-fields.ts';
import type { ItemUploads } from '../hooks/use-item-uploads.ts';
import { UNDO_TIMEOUT_MS } from '../hooks/undo.ts';
import { CaseFileBreadcrumbs } from './case-file-breadcrumbs.tsx';
import { CaseFileNotFound } from './case-file-not-found.tsx';
import { ItemDetails } from './item-details.tsx';
import { ItemForm } from './item-form.tsx';
import { MoveItemDialog } from './move-item-dialog.tsx';

interface CaseFileItemViewProps {
  fileId: string;
  itemId: string;
  uploads: ItemUploads;
}

/** /files/file/{id}/items/{itemId}: the item, changed in place, moved or trashed. */
export function CaseFileItemView({ fileId, itemId, uploads }: CaseFileItemViewProps) {
  const { t } = useTranslation();
  const itemQuery = useCaseFileItem(fileId, itemId);
  if (itemQuery.isError) {
    if (hasErrorCode(itemQuery.error, 'NOT_FOUND')) return <CaseFileNotFound kind="item" />;
    return <ErrorState error={itemQuery.error} onRetry={() => void itemQuery.refetch()} />;
  }
  if (itemQuery.data === undefined) {
    return (
      <Stack gap="lg" maw={860} role="status" aria-label={t('common.loading')}>
        <Skeleton height={16} width={260} />
        <Skeleton height={320} radius="lg" />
      </Stack>
    );
  }
  return <LoadedItem key={itemQuery.data.id} item={itemQuery.data} uploads={uploads} />;
}

function LoadedItem({ item, uploads }: { item: CaseFileItem; uploads: ItemUploads }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('organize');
  const [isEditing, setIsEditing] = useState(false);
  const [isMoving, setIsMoving] = useState(false);
  const [isConfirmingTrash, setIsConfirmingTrash] = useState(false);
  const update = useUpdateCaseFileItem(item.file_id, item.id);
  const trash = useTrashCaseFileItem(item.file_id);
  const restoreLater = useRestoreCaseFileItemLater();

  const moveToTrash = () =>
    trash.mutate(item.id, {
      onSuccess: () => {
        setIsConfirmingTrash(false);
        const handle = notify({
          type: 'positive',
          timeout: UNDO_TIMEOUT_MS,
          message: t('caseFiles.item.trash.done', { title: item.title }),
          action: {
            label: t('caseFiles.undo'),
            onClick: () => {
              handle.dismiss();
              void restoreLater(item.id).then(
                () =>
                  notify({
                    type: 'positive',
                    message: t('caseFiles.item.trash.restored', { title: item.title }),
                  }),
                (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
              );
            },
          },
        });
        void navigate(paths.file(item.file_id));
      },
      onError: (error) => {
        setIsConfirmingTrash(false);
        notify({ type: 'negative', message: translateError(t, error) });
      },
    });

  return (
    <Stack gap="lg" maw={860}>
      <CaseFileBreadcrumbs
        crumbs={[
          { label: t('pages.files'), href: paths.files() },
          { label: item.file_title, href: paths.file(item.file_id) },
          { label: item.title },
        ]}
      />
      {item.trashed_at === null ? null : (
        <Alert color="gray" variant="light" icon={<IconTrash aria-hidden="true" />}>
          {t('caseFiles.item.trashedNotice')}
        </Alert>
      )}
      {isEditing && accountId !== null ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('caseFiles.item.editTitle')}
            </Title>
            <ItemForm
              accountId={accountId}
              initialValues={itemFormValuesOf(item)}
              submitLabel={t('caseFiles.item.save')}
              isPending={update.isPending}
              error={update.error}
              uploads={uploads}
              onCancel={() => {
                update.reset();
                setIsEditing(false);
              }}
              onSubmit={(request, allowLeave) =>
                update.mutate(request, {
                  onSuccess: (saved) => {
                    allowLeave();
                    setIsEditing(false);
                    notify({
                      type: 'positive',
                      message: t('caseFiles.item.saved', { title: saved.title }),
                    });
                  },
                })
              }
            />
          </Stack>
        </Paper>
      ) : (
        <ItemDetails
          item={item}
          canWrite={canWrite}
          onEdit={() => setIsEditing(true)}
          onMove={() => setIsMoving(true)}
          onTrash={() => setIsConfirmingTrash(true)}
        />
      )}
      {accountId === null ? null : (
        <MoveItemDialog
          item={item}
          accountId={accountId}
          opened={isMoving}
          onClose={() => setIsMoving(false)}
          onMoved={(moved) => {
            setIsMoving(false);
            notify({
              type: 'positive',
              message: t('caseFiles.move.done', { title: moved.title, to: moved.file_title }),
            });
            void navigate(paths.fileItem(moved.file_id, moved.id), { replace: true });
          }}
        />
      )}
      <ConfirmDialog
        opened={isConfirmingTrash}
        title={t('caseFiles.item.trash.confirmTitle', { title: item.title })}
        message={t('caseFiles.item.trash.confirmText')}
        confirmLabel={t('caseFiles.item.trash.confirm')}
        cancelLabel={t('dialog.cancel')}
        isDestructive
        isPending={trash.isPending}
        onConfirm={moveToTrash}
        onClose={() => setIsConfirmingTrash(false)}
      />
    </Stack>
  );
}
