import { useState } from 'react';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { UploadThumbnail } from '../../../components/ui/upload-thumbnail.tsx';
import { formatFileSize, formatListDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeleteUploadForever } from '../api/delete-upload-forever.ts';
import { useTrash } from '../api/get-trash.ts';
import { TrashedItem, TrashedList } from './trashed-list.tsx';
import { useRestoreUpload } from '../api/restore-upload.ts';

/** The uploads in the trash, each with Restore and Delete forever; nothing when there are none. */
export function TrashedUploads() {
  const { t } = useTranslation();
  const { accountId, canWrite } = useSelectedAccount();
  const uploads = useTrash(accountId).data?.uploads ?? [];
  const restore = useRestoreUpload();
  const deleteForever = useDeleteUploadForever();
  const [toDelete, setToDelete] = useState<UploadSummary | null>(null);

  if (uploads.length === 0) return null;

  const restoreUpload = (upload: UploadSummary) =>
    restore.mutate(upload.id, {
      onSuccess: () =>
        notify({ type: 'positive', message: t('trash.uploads.restored', { name: upload.name }) }),
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });
  const confirmDelete = () => {
    if (toDelete === null) return;
    deleteForever.mutate(toDelete.id, {
      onSuccess: () => {
        notify({
          type: 'positive',
          message: t('trash.uploads.deletedForever', { name: toDelete.name }),
        });
        setToDelete(null);
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });
  };

  return (
    <TrashedList
      id="trashed-uploads"
      title={t('trash.uploads.title')}
      dialog={
        <ConfirmDialog
          opened={toDelete !== null}
          title={t('trash.uploads.deleteForeverConfirm.title', { name: toDelete?.name ?? '' })}
          message={t('trash.uploads.deleteForeverConfirm.message', {
            size: formatFileSize(toDelete?.size ?? 0),
          })}
          confirmLabel={t('trash.uploads.deleteForever')}
          cancelLabel={t('dialog.cancel')}
          isDestructive
          isPending={deleteForever.isPending}
          onConfirm={confirmDelete}
          onClose={() => setToDelete(null)}
        />
      }
    >
      {uploads.map((upload) => (
        <TrashedItem
          key={upload.id}
          visual={<UploadThumbnail upload={upload} />}
          name={upload.name}
          details={`${t(`uploadReuse.kinds.${upload.kind}`)} · ${formatFileSize(upload.size)}${
            upload.trashed_at === null
              ? ''
              : ` · ${t('trash.uploads.trashedOn', { date: formatListDate(upload.trashed_at) })}`
          }`}
          canWrite={canWrite}
          isRestoring={restore.isPending && restore.variables === upload.id}
          restore={{
            label: t('trash.uploads.restore'),
            ariaLabel: t('trash.uploads.restoreLabel', { name: upload.name }),
            onClick: () => restoreUpload(upload),
          }}
          deleteForever={{
            label: t('trash.uploads.deleteForever'),
            ariaLabel: t('trash.uploads.deleteForeverLabel', { name: upload.name }),
            onClick: () => setToDelete(upload),
          }}
        />
      ))}
    </TrashedList>
  );
}
