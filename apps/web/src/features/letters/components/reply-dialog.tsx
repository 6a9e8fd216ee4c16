import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import type { LetterDetail } from '@kuvert/shared/letters';
import {
  LETTER_BODY_MAX_LENGTH,
  LETTER_SUBJECT_MAX_LENGTH,
  MAX_ATTACHMENT_BYTES,
  REPLY_ATTACHMENT_TYPES,
  replyFieldsSchema,
} from '@kuvert/shared/letters';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { AppModal } from '../../../components/ui/app-modal.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { correspondentOf } from '../../../lib/correspondent.ts';
import { translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useSendReply } from '../api/send-reply.ts';
import { useReplyAttachments } from '../hooks/use-reply-attachments.ts';
import { ReplyAttachments } from './reply-attachments.tsx';
import { replySubject } from './reply-rules.ts';

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
  const attachments = useReplyAttachments(initialUploads);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  /** A field's message goes as soon as the user changes the field. */
  const clearError = (field: Field) => setFieldErrors(({ [field]: _cleared, ...rest }) => rest);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldErrors(validateFields(t, replyFieldsSchema, { subject, body }));
    // At most MAX_ATTACHMENTS uploads: the dialog never holds more.
    const parsed = replyFieldsSchema.safeParse({
      subject,
      body,
      upload_ids: attachments.uploads.map(({ id }) => id),
    });
    if (!parsed.success) return;
    sendReply.mutate(
      {
        letterId: letter.id,
        ...parsed.data,
        attachments: attachments.files,
      },
      {
        onSuccess: (reply) => {
          setBody('');
          attachments.clear();
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
        closeOnEscape={!attachments.isPickerOpen}
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
            <ReplyAttachments
              attachments={attachments}
              canPickUploads={renderUploadPicker !== undefined}
            />
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
        opened: attachments.isPickerOpen,
        onClose: attachments.closePicker,
        onPick: attachments.pickUploads,
        accountId: letter.account_id,
        accept: REPLY_ATTACHMENT_TYPES,
        maxBytes: MAX_ATTACHMENT_BYTES,
        maxCount: Math.max(0, attachments.room),
        attachedIds: attachments.uploads.map(({ id }) => id),
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
