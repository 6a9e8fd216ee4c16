import { Anchor, Button, Group, ScrollArea, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconMailFast } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { getDateTimeFormat, getNumberFormat } from '../../../lib/intl-format.ts';
import { getLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useMailMerges } from '../api/mail-merges.ts';
import { deliveryCountsText } from './delivery-status.tsx';
import { MergeProgress, StatusBadge } from './merge-progress.tsx';

interface MergeHistoryProps {
  accountId: string;
  canWrite: boolean;
}

/** The mailbox's past mail merges, newest first: each opens its report. */
export function MergeHistory({ accountId, canWrite }: MergeHistoryProps) {
  const { t } = useTranslation();
  const merges = useMailMerges(accountId);
  const language = getLanguage();
  const dates = getDateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const numbers = getNumberFormat(language, {});
  const newMerge = canWrite ? (
    <Button component={Link} to={paths.composeUploader()} variant="light">
      {t('mailMerge.history.newMerge')}
    </Button>
  ) : undefined;

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <PageTitle aside={newMerge}>{t('mailMerge.history.title')}</PageTitle>
      {merges.isError ? (
        <ErrorState error={merges.error} onRetry={() => void merges.refetch()} />
      ) : merges.data === undefined ? (
        <Skeleton height={200} />
      ) : merges.data.items.length === 0 ? (
        <EmptyState
          icon={<IconMailFast size={32} />}
          title={t('mailMerge.history.empty')}
          action={newMerge}
        />
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table striped withTableBorder fz="sm" miw={560}>
            <Table.Caption>{t('mailMerge.history.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('mailMerge.history.date')}</Table.Th>
                <Table.Th>{t('mailMerge.history.subject')}</Table.Th>
                <Table.Th>{t('mailMerge.history.status')}</Table.Th>
                <Table.Th>{t('mailMerge.history.rows')}</Table.Th>
                <Table.Th>{t('mailMerge.history.outcome')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {merges.data.items.map((merge) => (
                <Table.Tr key={merge.id}>
                  <Table.Td>{dates.format(new Date(merge.created_at))}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={paths.mailMerge(merge.id)}
                      aria-label={t('mailMerge.history.open', { subject: merge.subject })}
                    >
                      {merge.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={merge.status} />
                  </Table.Td>
                  <Table.Td>{numbers.format(merge.total_rows)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Text size="sm">{deliveryCountsText(t, merge.deliveries)}</Text>
                      {merge.failed_rows > 0 ? (
                        <Text size="sm" c="var(--kuvert-color-alert-text)">
                          {t('mailMerge.history.failedRows', { count: merge.failed_rows })}
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

interface MergeReportProps {
  mergeId: string;
}

/** One past merge: its progress or outcome, each row's result, the failed rows to download. */
export function MergeReport({ mergeId }: MergeReportProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Anchor component={Link} to={paths.mailMerges()} w="fit-content">
        {t('mailMerge.history.back')}
      </Anchor>
      <PageTitle>{t('mailMerge.history.reportTitle')}</PageTitle>
      <MergeProgress mergeId={mergeId} />
    </Stack>
  );
}
