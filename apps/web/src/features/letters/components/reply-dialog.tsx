import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { LetterDetail } from '@kuvert/shared/letters';
import {
  LETTER_BODY_MAX_LENGTH,
  LETTER_SUBJECT_MAX_LENGTH,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  REPLY_ATTACHMENT_TYPES,
  replyFieldsSchema,
} from '@kuvert/shared/letters';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatFileSize } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useSendReply } from '../api/send-reply.ts';
import { checkAttachments, replySubject } from './reply-rules.ts';

const ATTACHMENT_LIMITS = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  maxCount: MAX_ATTACHMENTS,
  types: REPLY_ATTACHMENT_TYPES,
};

interface ReplyDialogProps {
  letter: LetterDetail;
  opened: boolean;
  onClose: () => void;
  onSent: (reply: LetterDetail) => void;
}

type Field = 'subject' | 'body';

/** Writing back to the provider: subject, text, attachments. Nothing typed is lost on error. */
export function ReplyDialog({ letter, opened, onClose, onSent }: ReplyDialogProps) {
  const { t } = useTranslation();
  const sendReply = useSendReply();
  const [subject, setSubject] = useState(() => replySubject(letter.subject));
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [fileError, setFileError] = useState<string | null>(null);

  // Checked as soon as they are picked: a file that cannot be sent is named and never listed.
  const addFiles = (picked: File[]) => {
    const result = checkAttachments([...files, ...picked], ATTACHMENT_LIMITS);
    setFiles(result.accepted);
    const problems = [
      result.wrongType.length > 0
        ? t('letters.reply.fileTypeRefused', { names: result.wrongType.join(', ') })
        : null,
      result.tooLarge.length > 0
        ? t('letters.reply.fileTooLarge', {
            names: result.tooLarge.join(', '),
            max: formatFileSize(MAX_ATTACHMENT_BYTES),
          })
        : null,
      result.overLimit ? t('letters.reply.tooManyFiles', { max: MAX_ATTACHMENTS }) : null,
    ].filter((problem) => problem !== null);
    setFileError(problems.length > 0 ? problems.join(' ') : null);
  };
  /** A field's message goes as soon as the user changes the field. */
  const clearError = (field: Field) => setFieldErrors(({ [field]: _cleared, ...rest }) => rest);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateFields(t, replyFieldsSchema, { subject, body });
    setFieldErrors(errors);
    const parsed = replyFieldsSchema.safeParse({ subject, body });
    if (!parsed.success) return;
    sendReply.mutate(
      { letterId: letter.id, ...parsed.data, attachments: files },
      {
        onSuccess: (reply) => {
          setBody('');
          setFiles([]);
          onSent(reply);
        },
        onError: (error) => setFieldErrors(serverFieldErrors(t, error, ['subject', 'body'])),
      },
    );
  };

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('letters.reply.title', { name: letter.provider.name })}
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate aria-label={t('letters.reply.formLabel')}>
        <Stack gap="md">
          {sendReply.isError ? (
            <FormAlert tone="error">{translateError(t, sendReply.error)}</FormAlert>
          ) : null}
          <TextInput
            label={t('letters.reply.subject')}
            value={subject}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              clearError('subject');
            }}
            maxLength={LETTER_SUBJECT_MAX_LENGTH}
            required
            error={fieldErrors.subject}
          />
          <Textarea
            label={t('letters.reply.body')}
            value={body}
            onChange={(event) => {
              setBody(event.currentTarget.value);
              clearError('body');
            }}
            maxLength={LETTER_BODY_MAX_LENGTH}
            autosize
            minRows={8}
            maxRows={24}
            required
            error={fieldErrors.body}
            data-autofocus
          />
          <Stack gap={6}>
            <Group gap="sm">
              <FileButton onChange={addFiles} accept={REPLY_ATTACHMENT_TYPES.join(',')} multiple>
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    leftSection={<IconPaperclip size={16} aria-hidden="true" />}
                  >
                    {t('letters.reply.attach')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('letters.reply.attachHint', { max: formatFileSize(MAX_ATTACHMENT_BYTES) })}
              </Text>
            </Group>
            {fileError ? (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {fileError}
              </Text>
            ) : null}
            {files.length > 0 ? (
              <Stack
                gap={4}
                component="ul"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
                aria-label={t('letters.reply.attachments')}
              >
                {files.map((file, index) => (
                  <Group
                    component="li"
                    key={`${file.name}-${index}`}
                    gap="xs"
                    wrap="nowrap"
                    justify="space-between"
                  >
                    <Text size="sm" truncate>
                      {file.name}{' '}
                      <Text span c="dimmed" size="xs">
                        ({formatFileSize(file.size)})
                      </Text>
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      onClick={() => setFiles(files.filter((_, position) => position !== index))}
                      aria-label={t('letters.reply.removeFile', { name: file.name })}
                    >
                      <IconX size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            ) : null}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={sendReply.isPending}>
              {t('letters.reply.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
