import { Badge } from '@mantine/core';
import type { DeliveryStatus } from '@kuvert/shared/letters';
import { useTranslation } from '../../../lib/i18n.ts';

const colors: Record<DeliveryStatus, string> = {
  queued: 'gray',
  delivered: 'teal',
  printed: 'kuvert',
  sent: 'teal',
  failed: 'red',
};

// Text dark enough for 4.5:1 on each light badge background (Mantine's shade 9 is not always).
const textColors: Record<DeliveryStatus, string> = {
  queued: 'var(--kuvert-color-quiet-text)',
  delivered: 'var(--kuvert-color-success-text)',
  printed: 'var(--mantine-color-kuvert-light-color)',
  sent: 'var(--kuvert-color-success-text)',
  failed: 'var(--kuvert-color-alert-text)',
};

/** A letter's delivery status; with `recipientName`, one recipient's ("Erika: Posted"). */
export function DeliveryStatusBadge({
  status,
  recipientName,
}: {
  status: DeliveryStatus;
  recipientName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={colors[status]}
      c={textColors[status]}
      radius="sm"
      tt="none"
      fw={600}
      maw="100%"
      data-delivery-status={status}
    >
      {recipientName === undefined
        ? t(`letters.delivery.${status}`)
        : t('letters.delivery.ofRecipient', {
            name: recipientName,
            status: t(`letters.delivery.${status}`),
          })}
    </Badge>
  );
}
