import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatFileSize } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { mailboxKeys } from '../../../lib/mailbox-keys.ts';
import {
  discardUnfinishedUpload,
  fetchUploadOffset,
  findUnfinishedUploads,
} from '../hooks/upload-queue.ts';
import type { QueuedUpload, UnfinishedUpload } from '../hooks/upload-queue.ts';
import { UploadPickerButton } from './upload-picker-button.tsx';

interface ShownUpload extends UnfinishedUpload {
  offset: number | null;
}

async function findUnfinishedWithOffsets(accountId: string): Promise<ShownUpload[]> {
  const found = await findUnfinishedUploads(accountId);
  return Promise.all(
    found.map(async (upload) => ({ ...upload, offset: await fetchUploadOffset(upload.uploadUrl) })),
  );
}

interface UnfinishedUploadsProps {
  accountId: string;
  /** This page's uploads: one that starts continues a stored upload, which leaves this list. */
  queue: readonly QueuedUpload[];
  /** Opens the page's file dialog, whose files go to this page's uploads. */
  onPick: () => void;
}

/**
 * Uploads begun before a reload (or a closed tab) that did not finish. The browser may not
 * read a file again by itself: choosing it once more continues where the server stopped.
 */
export function UnfinishedUploads({ accountId, queue, onPick }: UnfinishedUploadsProps) {
  const { t } = useTranslation();
  // Looked up again whenever this page's own uploads come and go.
  const unfinished = useQuery({
    queryKey: [...mailboxKeys.uploads, 'unfinished', accountId, queue.length],
    queryFn: () => findUnfinishedWithOffsets(accountId),
  });
  const uploads = unfinished.data ?? [];
  const refresh = () => unfinished.refetch();

  if (uploads.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      title={t('uploads.unfinished.title', { count: uploads.length })}
      // yellow.9 is too light for 4.5:1 on the light yellow alert (see app/theme.ts).
      styles={{ title: { color: 'var(--kuvert-color-notice-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('uploads.unfinished.text')}</Text>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {uploads.map((upload) => (
            <Group component="li" key={upload.storageKey} justify="space-between" gap="xs">
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {upload.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    upload.offset !== null && upload.size !== null
                      ? t('uploads.progress.ofSize', {
                          sent: formatFileSize(upload.offset),
                          size: formatFileSize(upload.size),
                        })
                      : null,
                    t('uploads.unfinished.started', { date: formatDateTime(upload.createdAt) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
              <Group gap="xs">
                <UploadPickerButton
                  variant="light"
                  label={t('uploads.unfinished.resume')}
                  onPick={onPick}
                />
                <Button
                  variant="default"
                  onClick={() => void discardUnfinishedUpload(upload).then(refresh)}
                  aria-label={t('uploads.unfinished.discardNamed', { name: upload.name })}
                >
                  {t('uploads.unfinished.discard')}
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Alert>
  );
}
