import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { UPLOAD_IDLE_EXPIRY_MINUTES } from '@kuvert/shared/uploads';
import type { UploadInProgress } from '@kuvert/shared/uploads';
import { formatFileSize } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCancelUploadInProgress } from '../api/cancel-upload-in-progress.ts';
import { useUploadsInProgress } from '../api/get-uploads-in-progress.ts';

interface UploadsInProgressProps {
  accountId: string | null;
  /** Viewers have none to see: they can neither start nor cancel one. */
  canWrite: boolean;
  /** Uploads this page is sending: its progress panel shows them already. */
  sendingIds: ReadonlySet<string>;
}

function InProgressItem({
  upload,
  onCancel,
  isCancelling,
}: {
  upload: UploadInProgress;
  onCancel: () => void;
  isCancelling: boolean;
}) {
  const { t } = useTranslation();
  const received = t('uploads.progress.ofSize', {
    sent: formatFileSize(upload.received_bytes),
    size: formatFileSize(upload.size),
  });
  const facts = [
    upload.started_by ? t('uploads.inProgress.startedBy', { name: upload.started_by.name }) : null,
    t('uploads.inProgress.started', { date: formatDateTime(upload.started_at) }),
    t('uploads.inProgress.lastActivity', { date: formatDateTime(upload.last_activity_at) }),
  ].filter(Boolean);
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      wrap="wrap"
      data-testid="upload-in-progress"
    >
      <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {upload.name}
        </Text>
        <Progress.Root size="sm" radius="xl">
          <Progress.Section
            value={upload.size > 0 ? (upload.received_bytes / upload.size) * 100 : 0}
            aria-label={t('uploads.inProgress.received', { name: upload.name })}
          />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {[received, ...facts].join(' · ')}
        </Text>
      </Stack>
      <Button
        variant="default"
        size="sm"
        onClick={onCancel}
        loading={isCancelling}
        aria-label={t('uploads.inProgress.cancelNamed', { name: upload.name })}
      >
        {t('uploads.inProgress.cancel')}
      </Button>
    </Group>
  );
}

/**
 * Uploads begun on any device that have not arrived whole. Each holds its whole size of the
 * mailbox's quota until it is done, cancelled here, or left idle long enough to expire. An
 * owner sees and cancels every member's; a member their own.
 */
export function UploadsInProgress({ accountId, canWrite, sendingIds }: UploadsInProgressProps) {
  const { t } = useTranslation();
  const list = useUploadsInProgress(accountId, canWrite);
  const cancel = useCancelUploadInProgress();
  const uploads = (list.data?.uploads ?? []).filter((upload) => !sendingIds.has(upload.id));
  if (uploads.length === 0) return null;

  const cancelUpload = (upload: UploadInProgress) => {
    cancel.mutateAsync(upload.id).then(
      () =>
        notify({
          type: 'positive',
          message: t('uploads.inProgress.cancelled', { name: upload.name }),
        }),
      (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
    );
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby="uploads-in-progress-title"
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="uploads-in-progress-title">
            {t('uploads.inProgress.title', { count: uploads.length })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('uploads.inProgress.text', { minutes: UPLOAD_IDLE_EXPIRY_MINUTES })}
          </Text>
        </Stack>
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {uploads.map((upload) => (
            <InProgressItem
              key={upload.id}
              upload={upload}
              onCancel={() => cancelUpload(upload)}
              isCancelling={cancel.isPending && cancel.variables === upload.id}
            />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
