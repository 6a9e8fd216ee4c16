import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import {
  CASE_FILE_DESCRIPTION_MAX_LENGTH,
  CASE_FILE_TITLE_MAX_LENGTH,
} from '@kuvert/shared/case-files';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { focusFirstProblem } from '../../../lib/validation.ts';
import {
  caseFileRequestOf,
  serverCaseFileErrors,
  validateCaseFile,
} from '../hooks/case-file-fields.ts';
import type { CaseFileErrors, CaseFileFormValues } from '../hooks/case-file-fields.ts';
import { CaseFileColorPicker } from './case-file-color-picker.tsx';

interface CaseFileFormProps {
  initialValues: CaseFileFormValues;
  submitLabel: string;
  isPending: boolean;
  /** The save's error, if it failed: field problems go to their fields, the rest on top. */
  error: unknown;
  onSubmit: (values: CaseFileFormValues) => void;
  onCancel: () => void;
}

/** A file's title, description and colour; a refused save keeps everything typed. */
export function CaseFileForm({
  initialValues,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: CaseFileFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<CaseFileErrors>({});
  const serverErrors = serverCaseFileErrors(t, error);
  const hasFieldProblems = Object.keys(serverErrors).length > 0;
  const shown = (field: keyof CaseFileErrors) => errors[field] ?? serverErrors[field];

  const set = <Key extends keyof CaseFileFormValues>(key: Key, value: CaseFileFormValues[Key]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCaseFile(t, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstProblem(event.currentTarget);
      return;
    }
    onSubmit(caseFileRequestOf(values));
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={submitLabel}>
      <Stack gap="lg">
        {error && !hasFieldProblems ? (
          <FormAlert tone="error">{translateError(t, error)}</FormAlert>
        ) : null}
        <TextInput
          label={t('caseFiles.form.title')}
          placeholder={t('caseFiles.form.titlePlaceholder')}
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={shown('title')}
          maxLength={CASE_FILE_TITLE_MAX_LENGTH}
          required
          autoComplete="off"
          data-autofocus
        />
        <Textarea
          label={t('caseFiles.form.description')}
          description={t('caseFiles.form.descriptionHint')}
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={shown('description')}
          maxLength={CASE_FILE_DESCRIPTION_MAX_LENGTH}
          autosize
          minRows={3}
          maxRows={10}
        />
        <CaseFileColorPicker value={values.color} onChange={(color) => set('color', color)} />
        <Group gap="sm">
          <Button type="submit" loading={isPending}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
