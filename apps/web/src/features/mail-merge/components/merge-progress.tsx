import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Progress,
  ScrollArea,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MailMerge } from '@kuvert/shared/mail-merge';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { getNumberFormat } from '../../../lib/intl-format.ts';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import {
  failedRowsCsvUrl,
  RESULT_PAGE_ROWS,
  useMailMerge,
  useMailMergeRows,
} from '../api/mail-merges.ts';
import { deliveryCountsText, RowDelivery } from './delivery-status.tsx';
import { ChannelBadge } from './preview-step.tsx';

const statusLooks = {
  running: { color: 'kuvert', text: 'var(--mantine-color-kuvert-light-color)' },
  done: { color: 'teal', text: 'var(--kuvert-color-success-text)' },
  failed: { color: 'red', text: 'var(--kuvert-color-alert-text)' },
  cancelled: { color: 'gray', text: 'var(--mantine-color-text)' },
} as const;

export function StatusBadge({ status }: { status: MailMerge['status'] }) {
  const { t } = useTranslation();
  const labels = {
    running: t('mailMerge.status.running'),
    done: t('mailMerge.status.done'),
    failed: t('mailMerge.status.failed'),
    cancelled: t('mailMerge.status.cancelled'),
  };
  const look = statusLooks[status];
  return (
    <Badge variant="light" color={look.color} c={look.text} radius="sm" tt="none" fw={600}>
      {labels[status]}
    </Badge>
  );
}

interface MergeProgressProps {
  mergeId: string;
  /** The wizard offers another merge; the history's report page does not. */
  onStartAnother?: () => void;
}

/** Step 5: the merge as it goes (live), then each row's result and the failed rows to fix. */
export function MergeProgress({ mergeId, onStartAnother }: MergeProgressProps) {
  const { t } = useTranslation();
  const mergeQuery = useMailMerge(mergeId);
  const [filter, setFilter] = useState<'all' | 'failed'>('all');
  const [limit, setLimit] = useState(RESULT_PAGE_ROWS);
  const merge = mergeQuery.data;
  const isFinished = merge !== undefined && merge.status !== 'running';
  const numbers = getNumberFormat(getLanguage(), {});

  if (mergeQuery.isError) {
    return <ErrorState error={mergeQuery.error} onRetry={() => void mergeQuery.refetch()} />;
  }
  if (merge === undefined) return <Skeleton height={120} />;
  const percent = merge.total_rows === 0 ? 100 : (merge.processed_rows / merge.total_rows) * 100;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{merge.subject}</Text>
        <StatusBadge status={merge.status} />
      </Group>
      <Stack gap={4}>
        <Progress
          value={percent}
          size="lg"
          animated={merge.status === 'running'}
          aria-label={t('mailMerge.progress.label')}
        />
        <Text size="sm" role="status" aria-live="polite">
          {t('mailMerge.progress.count', {
            processed: numbers.format(merge.processed_rows),
            total: numbers.format(merge.total_rows),
          })}
          {isFinished
            ? ` · ${t('mailMerge.progress.outcome', {
                sent: numbers.format(merge.sent_rows),
                failed: numbers.format(merge.failed_rows),
              })}`
            : null}
        </Text>
        {isFinished && merge.sent_rows > 0 ? (
          <Text size="sm">{deliveryCountsText(t, merge.deliveries)}</Text>
        ) : null}
      </Stack>
      {merge.status === 'failed' && merge.failure_reason ? (
        <Alert color="red" variant="light" role="alert" title={t('mailMerge.progress.stopped')}>
          {merge.failure_reason}
        </Alert>
      ) : null}
      {isFinished ? (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <SegmentedControl
              value={filter}
              onChange={(value) => setFilter(value === 'failed' ? 'failed' : 'all')}
              data={[
                { value: 'all', label: t('mailMerge.results.all') },
                { value: 'failed', label: t('mailMerge.results.failedOnly') },
              ]}
              aria-label={t('mailMerge.results.filter')}
            />
            {merge.failed_rows > 0 ? (
              <Button
                component="a"
                href={failedRowsCsvUrl(merge.id)}
                download
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
              >
                {t('mailMerge.results.download')}
              </Button>
            ) : null}
          </Group>
          <ResultRows mergeId={merge.id} filter={filter} limit={limit} />
          {(filter === 'failed' ? merge.failed_rows : merge.total_rows) > limit ? (
            <Button
              variant="subtle"
              onClick={() => setLimit((current) => current + RESULT_PAGE_ROWS)}
            >
              {t('mailMerge.results.more')}
            </Button>
          ) : null}
          <Group gap="sm">
            {onStartAnother ? (
              <Button onClick={onStartAnother}>{t('mailMerge.results.another')}</Button>
            ) : null}
            <Anchor component={Link} to={paths.mailMerges()}>
              {t('mailMerge.results.toHistory')}
            </Anchor>
            <Anchor component={Link} to={paths.outbox()}>
              {t('mailMerge.results.toOutbox')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('mailMerge.progress.leaveHint')}
        </Text>
      )}
    </Stack>
  );
}

function ResultRows({
  mergeId,
  filter,
  limit,
}: {
  mergeId: string;
  filter: 'all' | 'failed';
  limit: number;
}) {
  const { t } = useTranslation();
  const rows = useMailMergeRows(mergeId, filter === 'failed' ? 'failed' : null, limit);
  if (rows.isError) return <ErrorState error={rows.error} onRetry={() => void rows.refetch()} />;
  if (rows.data === undefined) return <Skeleton height={160} />;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped withTableBorder fz="sm" miw={340}>
        <Table.Caption>{t('mailMerge.results.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mailMerge.results.row')}</Table.Th>
            <Table.Th>{t('mailMerge.results.recipient')}</Table.Th>
            <Table.Th>{t('mailMerge.results.channel')}</Table.Th>
            <Table.Th>{t('mailMerge.results.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.data.items.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>{row.recipient_name || '—'}</Table.Td>
              <Table.Td>
                {row.status === 'sent' ? <ChannelBadge channel={row.channel} /> : '—'}
              </Table.Td>
              <Table.Td>
                <RowDelivery row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
