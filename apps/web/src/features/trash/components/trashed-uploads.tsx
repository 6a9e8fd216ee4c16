import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
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
    <Stack gap="xs" component="section" aria-labelledby="trashed-uploads-title">
      <Title order={2} fz="h4" id="trashed-uploads-title">
        {t('trash.uploads.title')}
      </Title>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {uploads.map((upload) => (
            <Group
              component="li"
              key={upload.id}
              justify="space-between"
              gap="sm"
              px={{ base: 'sm', sm: 'md' }}
              py="sm"
              data-upload-id={upload.id}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <UploadThumbnail upload={upload} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate title={upload.name}>
                    {upload.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`uploadReuse.kinds.${upload.kind}`)} · {formatFileSize(upload.size)}
                    {upload.trashed_at === null
                      ? null
                      : ` · ${t('trash.uploads.trashedOn', { date: formatListDate(upload.trashed_at) })}`}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconRestore size={16} aria-hidden="true" />}
                  disabled={!canWrite}
                  loading={restore.isPending && restore.variables === upload.id}
                  onClick={() => restoreUpload(upload)}
                  aria-label={t('trash.uploads.restoreLabel', { name: upload.name })}
                >
                  {t('trash.uploads.restore')}
                </Button>
                <Button
                  variant="default"
                  color="red"
                  size="xs"
                  leftSection={<IconTrashX size={16} aria-hidden="true" />}
                  disabled={!canWrite}
                  onClick={() => setToDelete(upload)}
                  aria-label={t('trash.uploads.deleteForeverLabel', { name: upload.name })}
                >
                  {t('trash.uploads.deleteForever')}
                </Button>
              </Group>
            </Group>
          ))}
        </ul>
      </Paper>
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
    </Stack>
  );
}
