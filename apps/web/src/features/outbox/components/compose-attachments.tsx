import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFiles, IconPaperclip } from '@tabler/icons-react';
import { UploadProgressRow } from '../../../components/ui/upload-progress-row.tsx';
import { RemovableRow } from '../../../components/ui/removable-row.tsx';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UploadInProgress } from '../../../lib/use-pending-uploads.ts';
import type { ComposeAttachment } from './compose-model.ts';

/** A file from the computer on its way into the mailbox's uploads. */
export type PendingAttachment = UploadInProgress;

interface ComposeAttachmentsProps {
  attachments: readonly ComposeAttachment[];
  pending: readonly PendingAttachment[];
  accept: readonly string[];
  maxBytes: number;
  problem: string | null;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  /** Null when no picker of the account's uploads is offered. */
  onPickUploads: (() => void) | null;
  onRemove: (uploadId: string) => void;
}

/** What goes with the letter: files from the computer (uploaded first) or earlier uploads. */
export function ComposeAttachments({
  attachments,
  pending,
  accept,
  maxBytes,
  problem,
  disabled,
  onFiles,
  onPickUploads,
  onRemove,
}: ComposeAttachmentsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" component="h2" m={0}>
        {t('compose.attachments.title')}
      </Text>
      <Group gap="sm">
        <FileButton onChange={onFiles} accept={accept.join(',')} multiple disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={16} aria-hidden="true" />}
            >
              {t('compose.attachments.fromComputer')}
            </Button>
          )}
        </FileButton>
        {onPickUploads ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFiles size={16} aria-hidden="true" />}
            onClick={onPickUploads}
            disabled={disabled}
            aria-haspopup="dialog"
          >
            {t('compose.attachments.fromUploads')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t('compose.attachments.hint', { max: formatFileSize(maxBytes) })}
      </Text>
      {problem ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {problem}
        </Text>
      ) : null}
      {attachments.length + pending.length > 0 ? (
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('compose.attachments.list')}
        >
          {attachments.map((attachment) => (
            <RemovableRow
              key={attachment.upload_id}
              removeLabel={t('compose.attachments.remove', { name: attachment.name })}
              onRemove={() => onRemove(attachment.upload_id)}
              disabled={disabled}
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {attachment.name}{' '}
                <Text span size="xs" c="dimmed">
                  {formatFileSize(attachment.size)}
                </Text>
              </Text>
            </RemovableRow>
          ))}
          {pending.map((file) => (
            <UploadProgressRow
              key={file.key}
              file={file}
              checkingLabel={t('compose.attachments.checking')}
              uploadingLabel={(percent) => t('compose.attachments.uploading', { percent })}
              progressLabel={t('compose.attachments.progress', { name: file.name })}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
