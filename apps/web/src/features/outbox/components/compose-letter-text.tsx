import { TextInput, Textarea } from '@mantine/core';
import { LETTER_BODY_MAX_LENGTH, LETTER_SUBJECT_MAX_LENGTH } from '@kuvert/shared/letters';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ComposeLetter } from '../hooks/use-compose-letter.ts';

interface ComposeLetterTextProps {
  letter: ComposeLetter;
  disabled: boolean;
}

/** What the letter says: its subject and its body. */
export function ComposeLetterText({ letter, disabled }: ComposeLetterTextProps) {
  const { t } = useTranslation();
  const { fields, errors } = letter;
  return (
    <>
      <TextInput
        label={t('compose.subject')}
        value={fields.subject}
        onChange={(event) => {
          letter.update({ ...fields, subject: event.currentTarget.value });
          letter.clearError('subject');
        }}
        maxLength={LETTER_SUBJECT_MAX_LENGTH}
        required
        disabled={disabled}
        error={errors.subject}
      />
      <Textarea
        label={t('compose.body')}
        description={t('compose.bodyHint')}
        value={fields.body}
        onChange={(event) => {
          letter.update({ ...fields, body: event.currentTarget.value });
          letter.clearError('body');
        }}
        maxLength={LETTER_BODY_MAX_LENGTH}
        autosize
        minRows={10}
        maxRows={30}
        required
        disabled={disabled}
        error={errors.body}
      />
    </>
  );
}
