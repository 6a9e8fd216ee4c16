import { Badge, Button, FileButton, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { IconFiles, IconPaperclip } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
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
import type { UploadSummary } from '@kuvert/shared/uploads';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { formatFileSize } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useSendReply } from '../api/send-reply.ts';
import { AttachmentItem } from './attachment-item.tsx';
import { addUploads, checkAttachments, replySubject } from './reply-rules.ts';
import type { UploadAddition } from './reply-rules.ts';
import { correspondentOf } from '../../../lib/correspondent.ts';

export const REPLY_ATTACHMENT_LIMITS = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  maxCount: MAX_ATTACHMENTS,
  types: REPLY_ATTACHMENT_TYPES,
};

/** What the reply asks of a picker of the account's uploads (the uploads area has one). */
export interface ReplyUploadPickerProps {
  opened: boolean;
  onClose: () => void;
  onPick: (uploads: UploadSummary[]) => void;
  accountId: string;
  accept: readonly string[];
  maxBytes: number;
  /** How many more may be attached. */
  maxCount: number;
  attachedIds: readonly string[];
}
export type RenderReplyUploadPicker = (props: ReplyUploadPickerProps) => ReactNode;

interface ReplyDialogProps {
  letter: LetterDetail;
  opened: boolean;
  onClose: () => void;
  onSent: (reply: LetterDetail) => void;
  /** Offers "attach from my uploads"; wired in app/, where the areas meet. */
  renderUploadPicker?: RenderReplyUploadPicker;
  /** Attached when the dialog is first shown ("use in a letter" from an upload). */
  initialUploads?: readonly UploadSummary[];
}

type Field = 'subject' | 'body';

/**
 * Writing back to the provider: subject, text, attachments from the computer (kept as uploads
 * too) and from the account's uploads. Nothing typed is lost on error.
 */
export function ReplyDialog({
  letter,
  opened,
  onClose,
  onSent,
  renderUploadPicker,
  initialUploads = [],
}: ReplyDialogProps) {
  const { t } = useTranslation();
  const sendReply = useSendReply();
  const [subject, setSubject] = useState(() => replySubject(letter.subject));
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [uploads, setUploads] = useState<UploadSummary[]>(() => [...initialUploads]);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const room = MAX_ATTACHMENTS - files.length - uploads.length;

  // Checked as soon as they are picked: a file that cannot be sent is named and never listed.
  const addFiles = (picked: File[]) => {
    const result = checkAttachments([...files, ...picked], REPLY_ATTACHMENT_LIMITS, uploads.length);
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
  const pickUploads = (picked: UploadSummary[]) => {
    setIsPickerOpen(false);
    const result = addUploads(uploads, picked, REPLY_ATTACHMENT_LIMITS, files.length);
    setUploads(result.uploads);
    setFileError(uploadProblems(t, result));
  };
  /** A field's message goes as soon as the user changes the field. */
  const clearError = (field: Field) => setFieldErrors(({ [field]: _cleared, ...rest }) => rest);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldErrors(validateFields(t, replyFieldsSchema, { subject, body }));
    // At most MAX_ATTACHMENTS uploads: the dialog never holds more.
    const parsed = replyFieldsSchema.safeParse({
      subject,
      body,
      upload_ids: uploads.map(({ id }) => id),
    });
    if (!parsed.success) return;
    sendReply.mutate(
      {
        letterId: letter.id,
        ...parsed.data,
        attachments: files,
      },
      {
        onSuccess: (reply) => {
          setBody('');
          setFiles([]);
          setUploads([]);
          onSent(reply);
        },
        onError: (error) => setFieldErrors(serverFieldErrors(t, error, ['subject', 'body'])),
      },
    );
  };

  return (
    <>
      <AppModal
        opened={opened}
        onClose={onClose}
        title={t('letters.reply.title', { name: correspondentOf(letter).name })}
        size="lg"
        // Mantine closes every open dialog on Escape: the picker on top goes alone.
        closeOnEscape={!isPickerOpen}
      >
        <form onSubmit={handleSubmit} noValidate aria-label={t('letters.reply.formLabel')}>
          <Stack gap="md">
            {sendReply.isError ? (
              <FormAlert tone="error">{replyErrorMessage(t, sendReply.error)}</FormAlert>
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
                {renderUploadPicker ? (
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconFiles size={16} aria-hidden="true" />}
                    onClick={() => {
                      // Full already: say so, rather than a picker where nothing can be ticked.
                      if (room > 0) setIsPickerOpen(true);
                      else setFileError(t('letters.reply.tooManyFiles', { max: MAX_ATTACHMENTS }));
                    }}
                    aria-haspopup="dialog"
                  >
                    {t('letters.reply.attachFromUploads')}
                  </Button>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {t('letters.reply.attachHint', { max: formatFileSize(MAX_ATTACHMENT_BYTES) })}
                <br />
                {t('letters.reply.keptInUploads')}
              </Text>
              {fileError ? (
                <Text size="sm" c="var(--mantine-color-error)" role="alert">
                  {fileError}
                </Text>
              ) : null}
              {files.length + uploads.length > 0 ? (
                <Stack
                  gap={4}
                  component="ul"
                  style={{ listStyle: 'none', margin: 0, padding: 0 }}
                  aria-label={t('letters.reply.attachments')}
                >
                  {uploads.map((upload) => (
                    <AttachmentItem
                      key={`upload-${upload.id}`}
                      name={upload.name}
                      size={upload.size}
                      badge={
                        <Badge
                          variant="light"
                          color="gray"
                          radius="sm"
                          tt="none"
                          size="sm"
                          style={{ flex: 'none' }}
                        >
                          {t('letters.reply.fromUploads')}
                        </Badge>
                      }
                      removeLabel={t('letters.reply.removeFile', { name: upload.name })}
                      onRemove={() =>
                        setUploads(uploads.filter((attached) => attached.id !== upload.id))
                      }
                    />
                  ))}
                  {files.map((file, index) => (
                    <AttachmentItem
                      key={`file-${file.name}-${index}`}
                      name={file.name}
                      size={file.size}
                      removeLabel={t('letters.reply.removeFile', { name: file.name })}
                      onRemove={() => setFiles(files.filter((_, position) => position !== index))}
                    />
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
      {/* Beside the dialog, not in it: Escape in the picker must not close the reply too. */}
      {renderUploadPicker?.({
        opened: isPickerOpen,
        onClose: () => setIsPickerOpen(false),
        onPick: pickUploads,
        accountId: letter.account_id,
        accept: REPLY_ATTACHMENT_TYPES,
        maxBytes: MAX_ATTACHMENT_BYTES,
        maxCount: Math.max(0, room),
        attachedIds: uploads.map(({ id }) => id),
      })}
    </>
  );
}

/** An attached upload gone meanwhile (trashed in another tab, say) is named as such. */
function replyErrorMessage(t: TFunction, error: unknown): string {
  const isUploadGone =
    error instanceof ApiError &&
    error.code === 'NOT_FOUND' &&
    error.fieldIssues.some(({ path }) => path === 'upload_ids');
  return isUploadGone ? t('letters.reply.uploadGone') : translateError(t, error);
}

/** Uploads that were not attached, each with why; null when all were. */
function uploadProblems(t: TFunction, result: UploadAddition<UploadSummary>): string | null {
  const problems: string[] = [];
  if (result.refused.length > 0) {
    const names = result.refused.map(({ name, reason }) =>
      t(`letters.reply.uploadRefusal.${reason}`, {
        name,
        max: formatFileSize(MAX_ATTACHMENT_BYTES),
      }),
    );
    problems.push(t('letters.reply.uploadRefused', { names: names.join(', ') }));
  }
  if (result.overLimit) problems.push(t('letters.reply.tooManyFiles', { max: MAX_ATTACHMENTS }));
  return problems.length > 0 ? problems.join(' ') : null;
}
