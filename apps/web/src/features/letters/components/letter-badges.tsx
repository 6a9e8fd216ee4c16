import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconPaperclip, IconSignature } from '@tabler/icons-react';
import type { LetterSummary } from '@kuvert/shared/letters';
import {
  InvoiceStatusBadge,
  invoiceStatusLooks,
  type InvoiceStatusLook,
} from '../../../components/ui/invoice-status-badge.tsx';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { DeliveryStatusBadge } from './delivery-status-badge.tsx';

// The invoice facts of a letter share the open invoice's colour.
export const INVOICE_TEXT = invoiceStatusLooks.open.textColor;

type LetterInvoice = NonNullable<LetterSummary['invoice']>;

const overdueLook = invoiceStatusLooks.overdue;
const paidLook = invoiceStatusLooks.paid;
const pendingLook = invoiceStatusLooks.payment_pending;
const settledLook = invoiceStatusLooks.cancelled;
const openLook = invoiceStatusLooks.open;

function invoiceBadge(t: TFunction, invoice: LetterInvoice): [InvoiceStatusLook, string] {
  const amount = formatMoney(invoice.amount, invoice.currency);
  const date = formatCalendarDate(invoice.due_date);
  switch (invoice.status) {
    case 'paid':
      return [paidLook, t('letters.badges.invoicePaid', { amount })];
    case 'overdue':
      return [overdueLook, t('letters.badges.invoiceOverdue', { amount, date })];
    case 'payment_pending':
      return [pendingLook, t('letters.badges.invoicePending', { amount })];
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
    <InvoiceStatusBadge status={invoice.status} look={look}>
      {text}
    </InvoiceStatusBadge>
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
      {letter.direction === 'outbound' && letter.recipients.length > 1 ? (
        // Several recipients, each by its own way: where each one stands.
        letter.recipients.map((recipient) => (
          <DeliveryStatusBadge
            key={recipient.id}
            status={recipient.status}
            recipientName={recipient.name}
          />
        ))
      ) : letter.direction === 'outbound' ? (
        <DeliveryStatusBadge status={letter.delivery_status} />
      ) : null}
      {letter.invoice ? <InvoiceBadge invoice={letter.invoice} /> : null}
      {letter.kind === 'signature_request' ? (
        <Badge
          variant="light"
          color="grape"
          c="var(--mantine-color-grape-light-color)"
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
          c="var(--kuvert-color-quiet-text)"
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
