import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { FOLDER_NAME_MAX_LENGTH, folderNameSchema } from '@kuvert/shared/folders';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { translateIssue } from '../../../lib/validation.ts';

/** The name checked by the schema the server uses; answers the trimmed name or the message. */
export function checkFolderName(
  t: TFunction,
  value: string,
): { name: string; error?: undefined } | { error: string } {
  const parsed = folderNameSchema.safeParse(value);
  if (parsed.success) return { name: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: issue ? translateIssue(t, issue) : t('validation.invalid') };
}

interface FolderNameInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'description'> {
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}

/**
 * A folder name with its limit in view: "12 of 60 characters" under the field. Typing past the
 * limit is not cut off silently; the field says at once that the name is too long.
 */
export function FolderNameInput({ value, onChange, hint, error, ...props }: FolderNameInputProps) {
  const { t } = useTranslation();
  const length = value.trim().length;
  const isTooLong = length > FOLDER_NAME_MAX_LENGTH;
  const counter = t('folders.nameLength', { length, max: FOLDER_NAME_MAX_LENGTH });
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={hint === undefined ? counter : `${hint} ${counter}`}
      error={
        error ?? (isTooLong ? t('validation.tooLong', { max: FOLDER_NAME_MAX_LENGTH }) : undefined)
      }
    />
  );
}
