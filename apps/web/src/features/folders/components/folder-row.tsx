import { ActionIcon, Anchor, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconFolder, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Folder } from '@kuvert/shared/folders';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useRenameFolder } from '../api/rename-folder.ts';
import { checkFolderName, FolderNameInput } from './folder-name-input.tsx';

interface FolderRowProps {
  folder: Folder;
  canWrite: boolean;
  onDelete: (folder: Folder) => void;
}

export function FolderRow({ folder, canWrite, onDelete }: FolderRowProps) {
  const { t } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const [name, setName] = useState(folder.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameFolder();

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkFolderName(t, name);
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    if (checked.name === folder.name) {
      setIsEditing(false);
      return;
    }
    rename.mutate(
      { folderId: folder.id, name: checked.name },
      {
        onSuccess: () => {
          setIsEditing(false);
          setError(undefined);
          notify({ type: 'positive', message: t('folders.renamed') });
        },
        onError: (failure) =>
          setError(
            hasErrorCode(failure, 'CONFLICT') ? t('folders.nameTaken') : translateError(t, failure),
          ),
      },
    );
  };
  const cancel = () => {
    setIsEditing(false);
    setName(folder.name);
    setError(undefined);
  };

  const counts =
    folder.unread_count > 0
      ? t('folders.countsWithUnread', { count: folder.letter_count, unread: folder.unread_count })
      : t('folders.count', { count: folder.letter_count });

  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      px={{ base: 'sm', sm: 'md' }}
      py="sm"
      data-folder-id={folder.id}
      style={{ borderBottom: '1px solid var(--kuvert-color-border-subtle)' }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <ThemeIcon variant="light" radius="md" size="lg" aria-hidden="true">
          <IconFolder size={20} />
        </ThemeIcon>
        {isEditing ? (
          <form
            onSubmit={save}
            style={{ flex: 1 }}
            aria-label={t('folders.renameLabel', { name: folder.name })}
          >
            <Group gap={6} wrap="nowrap" align="flex-start">
              <FolderNameInput
                value={name}
                onChange={(next) => {
                  setName(next);
                  setError(undefined);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') cancel();
                }}
                aria-label={t('folders.name')}
                error={error}
                autoFocus
                style={{ flex: 1 }}
              />
              <ActionIcon
                type="submit"
                size="lg"
                loading={rename.isPending}
                aria-label={t('folders.save')}
              >
                <IconCheck size={18} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={cancel}
                aria-label={t('dialog.cancel')}
              >
                <IconX size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          </form>
        ) : (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={paths.folder(folder.id)}
              fw={folder.unread_count > 0 ? 700 : 600}
              truncate
              title={folder.name}
            >
              {folder.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {counts}
            </Text>
          </Stack>
        )}
      </Group>
      {isEditing ? null : (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={canWrite ? t('folders.rename') : t('letters.readOnly.tooltip')}>
            <ActionIcon
              variant="subtle"
              color="gray.8"
              size="lg"
              disabled={!canWrite}
              onClick={() => setIsEditing(true)}
              aria-label={t('folders.renameLabel', { name: folder.name })}
            >
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={canWrite ? t('folders.delete') : t('letters.readOnly.tooltip')}>
            <ActionIcon
              variant="subtle"
              color="red.8"
              size="lg"
              disabled={!canWrite}
              onClick={() => onDelete(folder)}
              aria-label={t('folders.deleteLabel', { name: folder.name })}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}
