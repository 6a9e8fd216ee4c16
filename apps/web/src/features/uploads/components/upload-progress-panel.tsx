import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatFileSize } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { getNumberFormat } from '../../../lib/intl-format.ts';
import { getLanguage } from '../../../lib/i18n.ts';
import {
  cancelUpload,
  clearFinishedUploads,
  isInFlight,
  pauseUpload,
  resumeUpload,
} from '../hooks/upload-queue.ts';
import type { QueuedUpload } from '../hooks/upload-queue.ts';
import { ApiError } from '../../../lib/http.ts';
import { UploadAnnouncer } from './upload-announcer.tsx';
import { FinishedUploadDuplicateNotice } from './upload-duplicate-notice.tsx';
import { describeUploadFailure } from './upload-labels.ts';

function formatTimeLeft(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('uploads.progress.secondsLeft', { count: Math.max(1, seconds) });
  if (seconds < 3600) return t('uploads.progress.minutesLeft', { count: Math.round(seconds / 60) });
  return t('uploads.progress.hoursLeft', { count: Math.round(seconds / 3600) });
}

function percentOf(item: QueuedUpload): number {
  if (item.status === 'done') return 100;
  if (item.size === 0) return 0;
  return Math.min(100, Math.floor((item.bytesSent / item.size) * 100));
}

/** The line under the name: how far, how fast, how long; or what stopped it. */
function statusLine(t: TFunction, item: QueuedUpload): string {
  const sizes = t('uploads.progress.ofSize', {
    sent: formatFileSize(item.bytesSent),
    size: formatFileSize(item.size),
  });
  switch (item.status) {
    case 'uploading': {
      const parts = [sizes];
      if (item.bytesPerSecond !== null) {
        parts.push(t('uploads.progress.speed', { speed: formatFileSize(item.bytesPerSecond) }));
      }
      if (item.secondsLeft !== null) parts.push(formatTimeLeft(t, item.secondsLeft));
      return parts.join(' · ');
    }
    case 'waiting':
      // Offline it waits for the connection; online tus tries again by itself.
      return `${sizes} · ${navigator.onLine ? t('uploads.progress.waiting') : t('uploads.progress.offline')}`;
    case 'paused':
      return `${sizes} · ${t('uploads.progress.paused')}`;
    case 'checking':
      return t('uploads.progress.checking');
    case 'done':
      return t('uploads.progress.done', { size: formatFileSize(item.size) });
    case 'failed':
      return describeUploadFailure(t, item.name, item.error);
  }
}

function RowButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray.8" size="lg" onClick={onClick} aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function UploadProgressRow({ item }: { item: QueuedUpload }) {
  const { t } = useTranslation();
  const percent = percentOf(item);
  const isRefused = item.status === 'failed' && item.error instanceof ApiError;
  const canPause = item.status === 'uploading' || item.status === 'waiting';
  const canResume = item.status === 'paused' || (item.status === 'failed' && !isRefused);
  const name = item.name;
  return (
    <Stack
      gap={6}
      component="li"
      data-testid="upload-progress"
      data-status={item.status}
      aria-label={name}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {name}
          </Text>
          <Text
            size="xs"
            c={item.status === 'failed' ? 'var(--kuvert-color-alert-text)' : 'dimmed'}
            data-testid="upload-progress-status"
          >
            {statusLine(t, item)}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          {item.status === 'done' && item.uploadId !== null ? (
            <Anchor
              component={Link}
              to={paths.upload(item.uploadId)}
              size="sm"
              fw={600}
              mr="xs"
              aria-label={t('uploads.progress.openNamed', { name })}
            >
              {t('uploads.progress.open')}
            </Anchor>
          ) : null}
          <Text size="sm" fw={600} miw={44} ta="right" aria-hidden="true">
            {isRefused
              ? ''
              : getNumberFormat(getLanguage(), { style: 'percent' }).format(percent / 100)}
          </Text>
          {canPause ? (
            <RowButton
              label={t('uploads.progress.pause', { name })}
              onClick={() => pauseUpload(item.key)}
            >
              <IconPlayerPause size={18} aria-hidden="true" />
            </RowButton>
          ) : null}
          {canResume ? (
            <RowButton
              label={t('uploads.progress.resume', { name })}
              onClick={() => resumeUpload(item.key)}
            >
              <IconPlayerPlay size={18} aria-hidden="true" />
            </RowButton>
          ) : null}
          {item.status === 'done' || isRefused ? (
            <RowButton
              label={t('uploads.progress.dismiss', { name })}
              onClick={() => cancelUpload(item.key)}
            >
              <IconX size={18} aria-hidden="true" />
            </RowButton>
          ) : (
            <RowButton
              label={t('uploads.progress.cancel', { name })}
              onClick={() => cancelUpload(item.key)}
            >
              <IconX size={18} aria-hidden="true" />
            </RowButton>
          )}
        </Group>
      </Group>
      {item.status === 'done' && item.uploadId !== null ? (
        <FinishedUploadDuplicateNotice uploadId={item.uploadId} />
      ) : null}
      {isRefused ? null : (
        <Progress.Root size="sm" radius="xl">
          <Progress.Section
            value={percent}
            color={item.status === 'done' ? 'teal' : item.status === 'failed' ? 'red' : undefined}
            animated={item.status === 'checking'}
            striped={item.status === 'checking'}
            aria-label={t('uploads.progress.barLabel', { name })}
          />
        </Progress.Root>
      )}
    </Stack>
  );
}

/** Every file on its way up this session: progress, and pause, resume, cancel for each. */
export function UploadProgressPanel({ items }: { items: readonly QueuedUpload[] }) {
  const { t } = useTranslation();
  const running = items.filter((item) => isInFlight(item.status)).length;
  const hasFinished = items.some(
    (item) =>
      item.status === 'done' || (item.status === 'failed' && item.error instanceof ApiError),
  );
  return (
    <>
      <UploadAnnouncer items={items} />
      {items.length === 0 ? null : (
        <Paper
          withBorder
          radius="lg"
          p="md"
          component="section"
          aria-labelledby="upload-progress-title"
        >
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Title order={2} fz="h5" id="upload-progress-title">
                {running > 0
                  ? t('uploads.progress.titleRunning', { count: running })
                  : t('uploads.progress.title')}
              </Title>
              {hasFinished ? (
                <Button size="compact-sm" variant="subtle" onClick={clearFinishedUploads}>
                  {t('uploads.progress.clear')}
                </Button>
              ) : null}
            </Group>
            <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item) => (
                <UploadProgressRow key={item.key} item={item} />
              ))}
            </Stack>
          </Stack>
        </Paper>
      )}
    </>
  );
}
