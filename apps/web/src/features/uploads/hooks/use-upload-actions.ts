import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { saveBlob, useDownloadUploads } from '../api/download-uploads.ts';
import { useRestoreUploads } from '../api/restore-upload.ts';
import { useTrashUploads } from '../api/trash-uploads.ts';

const UNDO_TIMEOUT_MS = 8000;

/** Trash (with Undo), restore and download as ZIP, with the feedback a user expects. */
export function useUploadActions(accountId: string | null) {
  const { t } = useTranslation();
  const trash = useTrashUploads();
  const restore = useRestoreUploads();
  const download = useDownloadUploads();
  const fail = (error: unknown) => notify({ type: 'negative', message: translateError(t, error) });

  const restoreUploads = (ids: readonly string[], onDone?: () => void) => {
    restore.mutateAsync(ids).then(() => {
      onDone?.();
      notify({ type: 'positive', message: t('uploads.feedback.restored', { count: ids.length }) });
    }, fail);
  };

  const trashUploads = (ids: readonly string[], onDone?: () => void) => {
    if (accountId === null || ids.length === 0) return;
    const chosen = [...ids];
    trash.mutateAsync({ account_id: accountId, ids: chosen }).then(() => {
      onDone?.();
      notify({
        type: 'positive',
        message: t('uploads.feedback.trashed', { count: chosen.length }),
        timeout: UNDO_TIMEOUT_MS,
        action: { label: t('uploads.feedback.undo'), onClick: () => restoreUploads(chosen) },
      });
    }, fail);
  };

  const downloadZip = (ids: readonly string[]) => {
    if (accountId === null || ids.length === 0) return;
    download
      .mutateAsync({ account_id: accountId, ids: [...ids] })
      .then((blob) => saveBlob(blob, t('uploads.zipName')), fail);
  };

  return {
    trashUploads,
    restoreUploads,
    downloadZip,
    isTrashing: trash.isPending,
    isRestoring: restore.isPending,
    isDownloading: download.isPending,
  };
}
