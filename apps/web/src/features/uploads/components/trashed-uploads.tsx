import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { formatFileSize, formatListDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeleteUploadForever } from '../api/delete-upload-forever.ts';
import { useUploadActions } from '../hooks/use-upload-actions.ts';
import { typeLabel } from './upload-labels.ts';
import { UploadThumbnail } from './upload-thumbnail.tsx';

/** The uploads in the trash (for /trash), each with Restore and Delete forever. */
export function TrashedUploads({ uploads }: { uploads: readonly UploadSummary[] }) {
  const { t } = useTranslation();
  const { accountId, canWrite } = useSelectedAccount();
  const actions = useUploadActions(accountId);
  const deleteForever = useDeleteUploadForever();
  const [toDelete, setToDelete] = useState<UploadSummary | null>(null);
  if (uploads.length === 0) return null;

  const confirmDelete = () => {
    if (toDelete === null) return;
    const { name } = toDelete;
    deleteForever.mutateAsync(toDelete.id).then(
      () => {
        notify({ type: 'positive', message: t('uploads.trashList.deletedForever', { name }) });
        setToDelete(null);
      },
      (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="trashed-uploads-title">
      <Title order={2} fz="h4" id="trashed-uploads-title">
        {t('uploads.trashList.title')}
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
              style={{ borderBottom: '1px solid var(--kuvert-color-border-subtle)' }}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <UploadThumbnail upload={upload} variant="row" />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={paths.upload(upload.id)} fw={600} truncate>
                    {upload.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {[
                      typeLabel(t, upload.content_type),
                      formatFileSize(upload.size),
                      upload.trashed_at === null
                        ? null
                        : t('trash.folders.trashedOn', { date: formatListDate(upload.trashed_at) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconRestore size={16} aria-hidden="true" />}
                  disabled={!canWrite}
                  onClick={() => actions.restoreUploads([upload.id])}
                  aria-label={t('uploads.trashList.restoreLabel', { name: upload.name })}
                >
                  {t('uploads.restore')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconTrashX size={16} aria-hidden="true" />}
                  disabled={!canWrite}
                  onClick={() => setToDelete(upload)}
                  aria-label={t('uploads.trashList.deleteForeverLabel', { name: upload.name })}
                >
                  {t('trash.folders.deleteForever')}
                </Button>
              </Group>
            </Group>
          ))}
        </ul>
      </Paper>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('uploads.trashList.confirmTitle', { name: toDelete?.name ?? '' })}
        message={t('uploads.trashList.confirmMessage')}
        confirmLabel={t('trash.folders.deleteForever')}
        cancelLabel={t('dialog.cancel')}
        isDestructive
        isPending={deleteForever.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
