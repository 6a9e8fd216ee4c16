import { Badge, Text } from '@mantine/core';
import type { DeliveryStatus } from '@kuvert/shared/letters';
import type { MailMerge, MailMergeRow } from '@kuvert/shared/mail-merge';
import { getNumberFormat } from '../../../lib/intl-format.ts';
import { getLanguage, useTranslation, type TFunction } from '../../../lib/i18n.ts';

const looks = {
  queued: { color: 'yellow', text: 'var(--mantine-color-text)' },
  printed: { color: 'kuvert', text: 'var(--mantine-color-kuvert-light-color)' },
  sent: { color: 'teal', text: 'var(--kuvert-color-success-text)' },
  delivered: { color: 'teal', text: 'var(--kuvert-color-success-text)' },
  failed: { color: 'red', text: 'var(--kuvert-color-alert-text)' },
} as const;

/** The order a person reads them in: where letters still wait first, failures last. */
const order: readonly DeliveryStatus[] = ['queued', 'printed', 'sent', 'delivered', 'failed'];

function statusLabel(t: TFunction, status: DeliveryStatus): string {
  const labels = {
    queued: t('mailMerge.deliveryStatus.queued'),
    printed: t('mailMerge.deliveryStatus.printed'),
    sent: t('mailMerge.deliveryStatus.sent'),
    delivered: t('mailMerge.deliveryStatus.delivered'),
    failed: t('mailMerge.deliveryStatus.failed'),
  };
  return labels[status];
}

/** Where a row's letter stands: a printed letter is "queued for printing" until it is posted. */
export function RowDelivery({ row }: { row: MailMergeRow }) {
  const { t } = useTranslation();
  if (row.status === 'failed') {
    return (
      <Text size="sm" c="var(--kuvert-color-alert-text)">
        {row.failure_reason}
      </Text>
    );
  }
  if (row.delivery_status === null) return <>{t('mailMerge.deliveryStatus.deleted')}</>;
  const look = looks[row.delivery_status];
  return (
    <>
      <Badge variant="light" color={look.color} c={look.text} radius="sm" tt="none" fw={600}>
        {statusLabel(t, row.delivery_status)}
      </Badge>
      {row.delivery_failure_reason ? (
        <Text size="sm" c="var(--kuvert-color-alert-text)">
          {row.delivery_failure_reason}
        </Text>
      ) : null}
    </>
  );
}

/** "Queued for printing: 3 · In the Kuvert inbox: 40": the merge's letters by delivery status. */
export function deliveryCountsText(t: TFunction, deliveries: MailMerge['deliveries']): string {
  const numbers = getNumberFormat(getLanguage(), {});
  return order
    .filter((status) => deliveries[status] > 0)
    .map((status) => `${statusLabel(t, status)}: ${numbers.format(deliveries[status])}`)
    .join(' · ');
}
