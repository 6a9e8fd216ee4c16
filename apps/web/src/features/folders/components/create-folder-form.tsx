import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { FOLDER_NAME_MAX_LENGTH, folderNameSchema } from '@kuvert/shared/folders';
import type { Folder } from '@kuvert/shared/folders';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { readTextField } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { translateIssue } from '../../../lib/validation.ts';
import { useCreateFolder } from '../api/create-folder.ts';

interface CreateFolderFormProps {
  accountId: string;
  onCreated: (folder: Folder) => void;
  onCancel: () => void;
}

export function CreateFolderForm({ accountId, onCreated, onCancel }: CreateFolderFormProps) {
  const { t } = useTranslation();
  const createFolder = useCreateFolder();
  const [nameError, setNameError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = folderNameSchema.safeParse(
      readTextField(new FormData(event.currentTarget), 'name'),
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setNameError(issue ? translateIssue(t, issue) : t('validation.invalid'));
      return;
    }
    setNameError(undefined);
    createFolder.mutate(
      { account_id: accountId, name: parsed.data },
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
        <TextInput
          name="name"
          label={t('folders.name')}
          description={t('folders.add.hint')}
          maxLength={FOLDER_NAME_MAX_LENGTH}
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
