import { Paper } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { Folder } from '@kuvert/shared/folders';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeleteFolder } from '../api/delete-folder.ts';
import { useFolders } from '../api/get-folders.ts';
import { FolderListSkeleton } from './folder-list-skeleton.tsx';
import { FolderRow } from './folder-row.tsx';

/** The mailbox's folders with their counts: open, rename in place, delete with a warning. */
export function FolderList({ emptyAction }: { emptyAction: ReactNode }) {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canWrite = can('organize');
  const foldersQuery = useFolders(accountId);
  const deleteFolder = useDeleteFolder();
  const [toDelete, setToDelete] = useState<Folder | null>(null);

  if (foldersQuery.isPending) return <FolderListSkeleton />;
  if (foldersQuery.isError) {
    return <ErrorState error={foldersQuery.error} onRetry={() => void foldersQuery.refetch()} />;
  }
  const { folders } = foldersQuery.data;

  const confirmDelete = () => {
    if (toDelete === null) return;
    deleteFolder.mutate(toDelete.id, {
      onSuccess: () => {
        notify({ type: 'positive', message: t('folders.deleted', { name: toDelete.name }) });
        setToDelete(null);
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });
  };

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      {folders.length === 0 ? (
        <EmptyState
          icon={<IconFolder size={32} />}
          title={t('folders.empty.title')}
          text={t('folders.empty.text')}
          action={emptyAction}
        />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('pages.folders')}>
          {folders.map((folder) => (
            <FolderRow key={folder.id} folder={folder} canWrite={canWrite} onDelete={setToDelete} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('folders.deleteConfirm.title', { name: toDelete?.name ?? '' })}
        message={t('folders.deleteConfirm.message')}
        confirmLabel={t('folders.delete')}
        cancelLabel={t('dialog.cancel')}
        isDestructive
        isPending={deleteFolder.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Paper>
  );
}
