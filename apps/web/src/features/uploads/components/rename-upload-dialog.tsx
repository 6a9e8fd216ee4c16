import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { UPLOAD_NAME_MAX_LENGTH, uploadNameSchema } from '@kuvert/shared/uploads';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { translateIssue } from '../../../lib/validation.ts';
import { useRenameUpload } from '../api/rename-upload.ts';

interface RenameUploadDialogProps {
  opened: boolean;
  uploadId: string;
  name: string;
  onClose: () => void;
}

/** A new name for the upload, checked as the server checks it. */
export function RenameUploadDialog({ opened, uploadId, name, onClose }: RenameUploadDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const rename = useRenameUpload();

  const close = () => {
    setValue(name);
    setError(undefined);
    onClose();
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = uploadNameSchema.safeParse(value);
    if (!checked.success) {
      const [issue] = checked.error.issues;
      setError(issue ? translateIssue(t, issue) : t('validation.invalid'));
      return;
    }
    if (checked.data === name) {
      close();
      return;
    }
    // mutateAsync: its promise settles even when the page re-renders with the new name.
    rename.mutateAsync({ uploadId, name: checked.data }).then(
      () => {
        onClose();
        notify({ type: 'positive', message: t('uploads.feedback.renamed') });
      },
      (failure: unknown) => setError(translateError(t, failure)),
    );
  };

  return (
    <AppModal opened={opened} onClose={close} title={t('uploads.rename.title')}>
      <form onSubmit={save} noValidate>
        <Stack gap="lg">
          <TextInput
            label={t('uploads.rename.label')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={UPLOAD_NAME_MAX_LENGTH + 50}
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
