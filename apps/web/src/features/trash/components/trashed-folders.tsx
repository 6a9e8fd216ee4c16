import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFolder, IconRestore, IconTrashX } from '@tabler/icons-react';
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
    <Stack gap="xs" component="section" aria-labelledby="trashed-folders-title">
      <Title order={2} fz="h4" id="trashed-folders-title">
        {t('trash.folders.title')}
      </Title>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {folders.map((folder) => (
            <Group
              component="li"
              key={folder.id}
              justify="space-between"
              gap="sm"
              px={{ base: 'sm', sm: 'md' }}
              py="sm"
              data-folder-id={folder.id}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <ThemeIcon variant="light" color="gray" radius="md" size="lg" aria-hidden="true">
                  <IconFolder size={20} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate title={folder.name}>
                    {folder.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('folders.count', { count: folder.letter_count })} ·{' '}
                    {t('trash.folders.trashedOn', { date: formatListDate(folder.trashed_at) })}
                  </Text>
                </Stack>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconRestore size={16} aria-hidden="true" />}
                  disabled={!canWrite}
                  loading={restore.isPending && restore.variables === folder.id}
                  onClick={() => restoreFolder(folder)}
                  aria-label={t('trash.folders.restoreLabel', { name: folder.name })}
                >
                  {t('trash.folders.restore')}
                </Button>
                <Button
                  variant="default"
                  color="red"
                  size="xs"
                  leftSection={<IconTrashX size={16} aria-hidden="true" />}
                  disabled={!canWrite}
                  onClick={() => setToDelete(folder)}
                  aria-label={t('trash.folders.deleteForeverLabel', { name: folder.name })}
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
    </Stack>
  );
}
