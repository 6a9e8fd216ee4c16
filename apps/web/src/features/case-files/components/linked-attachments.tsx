import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CaseFileAttachment } from '@kuvert/shared/case-files';
import { uploadKindOf } from '@kuvert/shared/uploads';
import { UploadThumbnail } from '../../../components/ui/upload-thumbnail.tsx';
import { paths } from '../../../config/paths.ts';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface LinkedAttachmentsProps {
  attachments: readonly CaseFileAttachment[];
  /** Attachments not listed (the timeline shows the first three). */
  moreCount?: number;
  size?: 'sm' | 'md';
}

/** An item's attachments: each opens on its upload page; one in the trash is marked, not linked. */
export function LinkedAttachments({
  attachments,
  moreCount = 0,
  size = 'md',
}: LinkedAttachmentsProps) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      gap={size === 'sm' ? 6 : 'xs'}
      aria-label={t('caseFiles.item.attachments.title')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {attachments.map((attachment) => (
        <Group key={attachment.upload_id} component="li" gap="sm" wrap="nowrap">
          <UploadThumbnail
            upload={{
              id: attachment.upload_id,
              kind: uploadKindOf(attachment.content_type),
              has_thumbnail: attachment.has_thumbnail && !attachment.trashed,
            }}
            size={size === 'sm' ? 24 : 40}
          />
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            {attachment.trashed ? (
              <Text size="sm" fw={600} c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {attachment.name}
              </Text>
            ) : (
              <Anchor
                component={Link}
                to={paths.upload(attachment.upload_id)}
                size="sm"
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {attachment.name}
              </Anchor>
            )}
            <Text size="xs" c="dimmed">
              {formatFileSize(attachment.size)}
            </Text>
            {attachment.trashed ? (
              <Badge size="xs" variant="light" color="gray">
                {t('caseFiles.inTrash')}
              </Badge>
            ) : null}
          </Group>
        </Group>
      ))}
      {moreCount > 0 ? (
        <Text component="li" size="xs" c="dimmed">
          {t('caseFiles.item.attachments.more', { count: moreCount })}
        </Text>
      ) : null}
    </Stack>
  );
}
