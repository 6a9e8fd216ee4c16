import { Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFiles, IconPaperclip } from '@tabler/icons-react';
import { useRef } from 'react';
import { uploadContentTypes } from '@kuvert/shared/uploads';
import { UploadProgressRow } from '../../../components/ui/upload-progress-row.tsx';
import { RemovableRow } from '../../../components/ui/removable-row.tsx';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ItemAttachment } from '../hooks/item-fields.ts';
import type { PendingUpload } from '../hooks/use-item-uploads.ts';

/** What the file dialog offers first; the server judges each file by its content. */
const ACCEPT = [
  ...uploadContentTypes,
  '.pdf',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.csv',
  '.txt',
].join(',');

interface ItemAttachmentsFieldProps {
  attachments: readonly ItemAttachment[];
  pending: readonly PendingUpload[];
  problem: string | null;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onPickUploads: () => void;
  onRemove: (uploadId: string) => void;
}

/** An item's attachments: files from the computer (uploaded first) or from the uploads. */
export function ItemAttachmentsField({
  attachments,
  pending,
  problem,
  disabled,
  onFiles,
  onPickUploads,
  onRemove,
}: ItemAttachmentsFieldProps) {
  const { t } = useTranslation();
  // Emptied after each choice, so choosing the same file again counts.
  const resetRef = useRef<() => void>(null);
  return (
    <Stack gap={6} component="section" aria-labelledby="item-attachments">
      <Text fw={600} size="sm" component="h2" m={0} id="item-attachments">
        {t('caseFiles.item.attachments.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('caseFiles.item.attachments.hint')}
      </Text>
      {attachments.length + pending.length > 0 ? (
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
          aria-label={t('caseFiles.item.attachments.chosen')}
        >
          {attachments.map((attachment) => (
            <RemovableRow
              key={attachment.upload_id}
              removeLabel={t('caseFiles.item.attachments.remove', { name: attachment.name })}
              onRemove={() => onRemove(attachment.upload_id)}
              disabled={disabled}
            >
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {attachment.name}{' '}
                <Text span size="xs" c="dimmed">
                  {formatFileSize(attachment.size)}
                </Text>{' '}
                {attachment.trashed ? (
                  <Badge size="xs" variant="light" color="gray">
                    {t('caseFiles.inTrash')}
                  </Badge>
                ) : null}
              </Text>
            </RemovableRow>
          ))}
          {pending.map((file) => (
            <UploadProgressRow
              key={file.key}
              file={file}
              checkingLabel={t('caseFiles.item.attachments.checking')}
              uploadingLabel={(percent) => t('caseFiles.item.attachments.uploading', { percent })}
              progressLabel={t('caseFiles.item.attachments.progress', { name: file.name })}
            />
          ))}
        </Stack>
      ) : null}
      {problem ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group gap="sm">
        <FileButton
          resetRef={resetRef}
          onChange={(files) => {
            onFiles(files);
            resetRef.current?.();
          }}
          accept={ACCEPT}
          multiple
          disabled={disabled}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPaperclip size={16} aria-hidden="true" />}
            >
              {t('caseFiles.item.attachments.fromComputer')}
            </Button>
          )}
        </FileButton>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFiles size={16} aria-hidden="true" />}
          onClick={onPickUploads}
          disabled={disabled}
          aria-haspopup="dialog"
        >
          {t('caseFiles.item.attachments.fromUploads')}
        </Button>
      </Group>
    </Stack>
  );
}
