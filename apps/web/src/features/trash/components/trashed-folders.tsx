import { ThemeIcon } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import type { TrashedFolder } from '@kuvert/shared/folders';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { formatListDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeleteFolderForever } from '../api/delete-folder-forever.ts';
import { useTrash } from '../api/get-trash.ts';
import { TrashedItem, TrashedList } from './trashed-list.tsx';
import { useRestoreFolder } from '../api/restore-folder.ts';

/** The folders in the trash, each with Restore and Delete forever; nothing when there are none. */
export function TrashedFolders() {
  const { t } = useTranslation();
  const { accountId, canWrite } = useSelectedAccount();
  const folders = useTrash(accountId).data?.folders ?? [];
  const restore = useRestoreFolder();
  const deleteForever = useDeleteFolderForever();
  const [toDelete, setToDelete] = useState<TrashedFolder | null>(null);

  if (folders.length === 0) return null;

  const restoreFolder = (folder: TrashedFolder) =>
    restore.mutate(folder.id, {
      onSuccess: (restored) =>
        notify({
          type: 'positive',
          message:
            restored.name === folder.name
              ? t('trash.folders.restored', { name: restored.name })
              : t('trash.folders.restoredAs', { name: restored.name, old: folder.name }),
        }),
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });
  const confirmDelete = () => {
    if (toDelete === null) return;
    deleteForever.mutate(toDelete.id, {
      onSuccess: () => {
        notify({
          type: 'positive',
          message: t('trash.folders.deletedForever', { name: toDelete.name }),
        });
        setToDelete(null);
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });
  };

  return (
    <TrashedList
      id="trashed-folders"
      title={t('trash.folders.title')}
      dialog={
        <ConfirmDialog
          opened={toDelete !== null}
          title={t('trash.folders.deleteForeverConfirm.title', { name: toDelete?.name ?? '' })}
          message={t('trash.folders.deleteForeverConfirm.message', {
            count: toDelete?.letter_count ?? 0,
          })}
          confirmLabel={t('trash.folders.deleteForever')}
          cancelLabel={t('dialog.cancel')}
          isDestructive
          isPending={deleteForever.isPending}
          onConfirm={confirmDelete}
          onClose={() => setToDelete(null)}
        />
      }
    >
      {folders.map((folder) => (
        <TrashedItem
          key={folder.id}
          visual={
            <ThemeIcon variant="light" color="gray" radius="md" size="lg" aria-hidden="true">
              <IconFolder size={20} />
            </ThemeIcon>
          }
          name={folder.name}
          details={`${t('folders.count', { count: folder.letter_count })} · ${t(
            'trash.folders.trashedOn',
            {
              date: formatListDate(folder.trashed_at),
            },
          )}`}
          canWrite={canWrite}
          isRestoring={restore.isPending && restore.variables === folder.id}
          restore={{
            label: t('trash.folders.restore'),
            ariaLabel: t('trash.folders.restoreLabel', { name: folder.name }),
            onClick: () => restoreFolder(folder),
          }}
          deleteForever={{
            label: t('trash.folders.deleteForever'),
            ariaLabel: t('trash.folders.deleteForeverLabel', { name: folder.name }),
            onClick: () => setToDelete(folder),
          }}
        />
      ))}
    </TrashedList>
  );
}
