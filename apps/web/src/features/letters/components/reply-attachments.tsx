import { Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFiles, IconPaperclip } from '@tabler/icons-react';
import { MAX_ATTACHMENT_BYTES, REPLY_ATTACHMENT_TYPES } from '@kuvert/shared/letters';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ReplyAttachmentList } from '../hooks/use-reply-attachments.ts';
import { AttachmentItem } from './attachment-item.tsx';

interface ReplyAttachmentsProps {
  attachments: ReplyAttachmentList;
  /** Whether "attach from my uploads" is offered. */
  canPickUploads: boolean;
}

/** The reply's attachments: the two ways to add, the limits, what was refused, what is attached. */
export function ReplyAttachments({ attachments, canPickUploads }: ReplyAttachmentsProps) {
  const { t } = useTranslation();
  const { files, uploads } = attachments;
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <FileButton
          onChange={attachments.addFiles}
          accept={REPLY_ATTACHMENT_TYPES.join(',')}
          multiple
        >
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
        {canPickUploads ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFiles size={16} aria-hidden="true" />}
            onClick={attachments.openPicker}
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
      {attachments.problem ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {attachments.problem}
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
              onRemove={() => attachments.removeUpload(upload.id)}
            />
          ))}
          {files.map((file, index) => (
            <AttachmentItem
              key={`file-${file.name}-${index}`}
              name={file.name}
              size={file.size}
              removeLabel={t('letters.reply.removeFile', { name: file.name })}
              onRemove={() => attachments.removeFile(index)}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
