import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import type { DataExport } from '@kuvert/shared/data-export';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { formatFileSize } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useLatestDataExport, useRequestDataExport } from '../api/data-export.ts';

/** "Download my data": ask for an export, watch it being made, download its parts. */
export function DataExportPanel() {
  const { t } = useTranslation();
  const query = useLatestDataExport();
  const mutation = useRequestDataExport();

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const latest = query.data.export;
  const isRunning = latest?.status === 'pending' || latest?.status === 'running';

  const request = () =>
    mutation.mutateAsync().then(
      () => notify({ type: 'positive', message: t('dataExport.requested') }),
      (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
    );

  return (
    <Stack gap="md">
      {latest ? <ExportState latest={latest} /> : null}
      {isRunning ? null : (
        <Group>
          <Button
            leftSection={<IconFileZip size={18} aria-hidden="true" />}
            onClick={request}
            loading={mutation.isPending}
            variant={latest?.status === 'ready' ? 'default' : 'filled'}
          >
            {latest ? t('dataExport.requestAgain') : t('dataExport.request')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ExportState({ latest }: { latest: DataExport }) {
  const { t } = useTranslation();
  if (latest.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" title={t('dataExport.failedTitle')}>
        {t('dataExport.failed')}
      </Alert>
    );
  }
  if (latest.status === 'pending' || latest.status === 'running') {
    const percent =
      latest.areas_total === 0 ? 0 : Math.round((latest.areas_done / latest.areas_total) * 100);
    return (
      <Stack gap="xs" role="status" aria-live="polite">
        <Text fw={600}>{t('dataExport.running')}</Text>
        <Progress
          value={percent}
          animated
          aria-label={t('dataExport.progressLabel')}
          aria-valuetext={`${percent} %`}
        />
        <Text size="sm" c="dimmed">
          {t('dataExport.progress', {
            areasDone: latest.areas_done,
            areasTotal: latest.areas_total,
            count: latest.files_done,
            size: formatFileSize(latest.bytes_done),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('dataExport.mailWhenReady')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" role="status">
      <Text fw={600}>{t('dataExport.ready')}</Text>
      <Text size="sm" c="dimmed">
        {t('dataExport.readyDetails', {
          made: formatDateTime(latest.finished_at ?? latest.created_at),
          until: formatDateTime(latest.expires_at ?? latest.created_at),
          count: latest.files_done,
        })}
      </Text>
      {latest.parts.length > 1 ? (
        <Text size="sm" c="dimmed">
          {t('dataExport.parts', { count: latest.parts.length })}
        </Text>
      ) : null}
      <Stack gap={6}>
        {latest.parts.map((part) => (
          <Anchor
            key={part.number}
            href={part.url}
            download={part.filename}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Group gap={6} wrap="nowrap" component="span">
              <IconDownload size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
              <span>
                {latest.parts.length > 1
                  ? t('dataExport.downloadPart', {
                      part: part.number,
                      parts: latest.parts.length,
                      size: formatFileSize(part.size),
                    })
                  : t('dataExport.download', { size: formatFileSize(part.size) })}
              </span>
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Stack>
  );
}
