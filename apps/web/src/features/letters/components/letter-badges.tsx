import { Badge, Group, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconPaperclip,
  IconSignature,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LetterSummary } from '@kuvert/shared/letters';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

// Mantine's darkest orange is below 4.5:1 on its own light background; this one is not.
export const INVOICE_TEXT = '#a33d0b';
// Same for teal: teal.9 falls just short of 4.5:1 on the light badge over a tinted row.
const PAID_TEXT = '#0b5e45';

type LetterInvoice = NonNullable<LetterSummary['invoice']>;

interface InvoiceBadgeLook {
  color: string;
  textColor: string;
  icon: ReactNode;
}

const overdueLook: InvoiceBadgeLook = {
  color: 'red',
  // red.9 is only 4.51:1 on the light red badge (see app/theme.ts).
  textColor: 'var(--kuvert-color-alert-text)',
  icon: <IconAlertTriangle size={14} aria-hidden="true" />,
};
const paidLook: InvoiceBadgeLook = {
  color: 'teal',
  textColor: PAID_TEXT,
  icon: <IconCircleCheck size={14} aria-hidden="true" />,
};
const settledLook: InvoiceBadgeLook = { color: 'gray', textColor: 'gray.8', icon: null };
const openLook: InvoiceBadgeLook = { color: 'orange', textColor: INVOICE_TEXT, icon: null };

function invoiceBadge(t: TFunction, invoice: LetterInvoice): [InvoiceBadgeLook, string] {
  const amount = formatMoney(invoice.amount, invoice.currency);
  const date = formatCalendarDate(invoice.due_date);
  switch (invoice.status) {
    case 'paid':
      return [paidLook, t('letters.badges.invoicePaid', { amount })];
    case 'overdue':
      return [overdueLook, t('letters.badges.invoiceOverdue', { amount, date })];
    case 'payment_pending':
      return [openLook, t('letters.badges.invoicePending', { amount })];
    case 'cancelled':
      return [settledLook, t('letters.badges.invoiceCancelled', { amount })];
    case 'failed':
      // A failed payment leaves the invoice owed: past its due date (the server's word, never
      // the browser's day: invoices/invoice-status.ts on the server), that is what matters.
      return invoice.is_overdue
        ? [overdueLook, t('letters.badges.invoiceOverdue', { amount, date })]
        : [openLook, t('letters.badges.invoice', { amount, date })];
    case 'open':
      return [openLook, t('letters.badges.invoice', { amount, date })];
  }
}

/** "€123.45 · due 1 Mar", or paid, overdue, being paid, cancelled: words, not colour alone. */
function InvoiceBadge({ invoice }: { invoice: LetterInvoice }) {
  const { t } = useTranslation();
  const [look, text] = invoiceBadge(t, invoice);
  return (
    <Badge
      variant="light"
      color={look.color}
      c={look.textColor}
      radius="sm"
      tt="none"
      fw={600}
      leftSection={look.icon}
      data-invoice-status={invoice.status}
    >
      {text}
    </Badge>
  );
}

/** What kind of letter it is, at a glance: invoice amount and due date, signature, files. */
export function LetterBadges({ letter }: { letter: LetterSummary }) {
  const { t } = useTranslation();
  const hasBadges =
    letter.invoice !== null ||
    letter.kind === 'signature_request' ||
    letter.document_count > 0 ||
    letter.direction === 'outbound';
  if (!hasBadges) return null;
  return (
    <Group gap={6} mt={6} wrap="wrap">
      {letter.direction === 'outbound' ? (
        <DeliveryStatusBadge status={letter.delivery_status} />
      ) : null}
      {letter.invoice ? <InvoiceBadge invoice={letter.invoice} /> : null}
      {letter.kind === 'signature_request' ? (
        <Badge
          variant="light"
          color="grape"
          c="grape.9"
          radius="sm"
          tt="none"
          fw={600}
          leftSection={<IconSignature size={14} aria-hidden="true" />}
        >
          {t('letters.badges.signature')}
        </Badge>
      ) : null}
      {letter.document_count > 0 ? (
        <Badge
          variant="outline"
          color="gray.5"
          c="gray.8"
          radius="sm"
          tt="none"
          fw={600}
          leftSection={<IconPaperclip size={14} aria-hidden="true" />}
        >
          <span aria-hidden="true">{letter.document_count}</span>
          <VisuallyHidden>
            {t('letters.badges.documents', { count: letter.document_count })}
          </VisuallyHidden>
        </Badge>
      ) : null}
    </Group>
  );
}
