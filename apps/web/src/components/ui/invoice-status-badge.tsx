import { Badge } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconClockHour4,
  IconReceipt,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { InvoiceStatus } from '@kuvert/shared/invoices';

export interface InvoiceStatusLook {
  color: string;
  /** Chosen for at least 4.5:1 on the light badge, also over a tinted row or panel. */
  textColor: string;
  icon: ReactNode;
}

/**
 * The colours of the invoice statuses, wherever one shows (letter lists, the invoice panel,
 * the open invoices): the one table of them.
 */
export const invoiceStatusLooks: Record<InvoiceStatus, InvoiceStatusLook> = {
  // Mantine's darkest orange is below 4.5:1 on its own light background; this one is not.
  open: {
    color: 'orange',
    textColor: 'var(--kuvert-color-invoice-text)',
    icon: <IconReceipt size={14} aria-hidden="true" />,
  },
  payment_pending: {
    color: 'kuvert',
    textColor: 'var(--mantine-color-kuvert-light-color)',
    icon: <IconClockHour4 size={14} aria-hidden="true" />,
  },
  // teal.9 falls just short of 4.5:1 on the light badge over a tinted background.
  paid: {
    color: 'teal',
    textColor: 'var(--kuvert-color-success-text)',
    icon: <IconCircleCheck size={14} aria-hidden="true" />,
  },
  // red.9 is only 4.51:1 on the light red badge (see app/theme.ts).
  overdue: {
    color: 'red',
    textColor: 'var(--kuvert-color-alert-text)',
    icon: <IconAlertTriangle size={14} aria-hidden="true" />,
  },
  failed: {
    color: 'red',
    textColor: 'var(--kuvert-color-alert-text)',
    icon: <IconAlertTriangle size={14} aria-hidden="true" />,
  },
  cancelled: {
    color: 'gray',
    textColor: 'var(--kuvert-color-quiet-text)',
    icon: <IconBan size={14} aria-hidden="true" />,
  },
};

interface InvoiceStatusBadgeProps {
  status: InvoiceStatus;
  /** Where the status reads as another (a failed payment past the due date: overdue). */
  look?: InvoiceStatusLook;
  size?: MantineSize;
  /** The status in words: never by colour alone. */
  children: ReactNode;
}

/** An invoice's status as a badge: its colour and icon from the one table, and words. */
export function InvoiceStatusBadge({
  status,
  look = invoiceStatusLooks[status],
  size,
  children,
}: InvoiceStatusBadgeProps) {
  return (
    <Badge
      variant="light"
      color={look.color}
      c={look.textColor}
      radius="sm"
      tt="none"
      fw={600}
      size={size}
      leftSection={look.icon}
      data-invoice-status={status}
    >
      {children}
    </Badge>
  );
}
