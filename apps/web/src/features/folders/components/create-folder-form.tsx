import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { Folder } from '@kuvert/shared/folders';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCreateFolder } from '../api/create-folder.ts';
import { checkFolderName, FolderNameInput } from './folder-name-input.tsx';

interface CreateFolderFormProps {
  accountId: string;
  onCreated: (folder: Folder) => void;
  onCancel: () => void;
}

export function CreateFolderForm({ accountId, onCreated, onCancel }: CreateFolderFormProps) {
  const { t } = useTranslation();
  const createFolder = useCreateFolder();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkFolderName(t, name);
    if (checked.error !== undefined) {
      setNameError(checked.error);
      return;
    }
    setNameError(undefined);
    createFolder.mutate(
      { account_id: accountId, name: checked.name },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (hasErrorCode(error, 'CONFLICT')) setNameError(t('folders.nameTaken'));
        },
      },
    );
  };

  const showAlert = createFolder.isError && !hasErrorCode(createFolder.error, 'CONFLICT');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('folders.add.title')}>
      <Stack gap="md" maw={480}>
        {showAlert ? (
          <FormAlert tone="error">{translateError(t, createFolder.error)}</FormAlert>
        ) : null}
        <FolderNameInput
          name="name"
          label={t('folders.name')}
          hint={t('folders.add.hint')}
          value={name}
          onChange={(next) => {
            setName(next);
            setNameError(undefined);
          }}
          required
          error={nameError}
          data-autofocus
          autoFocus
        />
        <Group gap="sm">
          <Button type="submit" loading={createFolder.isPending}>
            {t('folders.add.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
