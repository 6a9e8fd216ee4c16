import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconClockHour4,
  IconReceipt,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { InvoiceStatus } from '@kuvert/shared/invoices';
import { useTranslation } from '../../../lib/i18n.ts';

interface BadgeLook {
  icon: ReactNode;
  color: string;
  /** Text colours chosen for at least 4.5:1 on the badge's background. */
  textColor: string;
  variant: 'light' | 'filled';
}

const looks: Record<InvoiceStatus, BadgeLook> = {
  open: {
    icon: <IconReceipt size={14} aria-hidden="true" />,
    color: 'gray',
    textColor: 'var(--kuvert-color-quiet-text)',
    variant: 'light',
  },
  payment_pending: {
    icon: <IconClockHour4 size={14} aria-hidden="true" />,
    color: 'kuvert',
    textColor: 'var(--mantine-color-kuvert-light-color)',
    variant: 'light',
  },
  paid: {
    icon: <IconCircleCheck size={14} aria-hidden="true" />,
    color: 'teal',
    // teal.9 falls just short of 4.5:1 on the light badge over a tinted background.
    textColor: 'var(--kuvert-color-success-text)',
    variant: 'light',
  },
  overdue: {
    icon: <IconAlertTriangle size={14} aria-hidden="true" />,
    color: 'red.9',
    textColor: 'white',
    variant: 'filled',
  },
  failed: {
    icon: <IconAlertTriangle size={14} aria-hidden="true" />,
    color: 'red',
    // red.9 is only 4.51:1 on the light red badge (see app/theme.ts).
    textColor: 'var(--kuvert-color-alert-text)',
    variant: 'light',
  },
  cancelled: {
    icon: <IconBan size={14} aria-hidden="true" />,
    color: 'gray',
    textColor: 'var(--kuvert-color-quiet-text)',
    variant: 'light',
  },
};

/** The status in words and with an icon, never by colour alone. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  const look = looks[status];
  return (
    <Badge
      variant={look.variant}
      color={look.color}
      c={look.textColor}
      radius="sm"
      tt="none"
      fw={600}
      size="lg"
      leftSection={look.icon}
      data-invoice-status={status}
    >
      {t(`invoices.status.${status}`)}
    </Badge>
  );
}
