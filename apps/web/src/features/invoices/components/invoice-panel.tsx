import { Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { Invoice } from '@kuvert/shared/invoices';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { InvoiceStatusBadge } from '../../../components/ui/invoice-status-badge.tsx';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { hasErrorCode } from '../../../lib/errors.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { InvoiceBankDetails } from './invoice-bank-details.tsx';
import { isUnpaidStatus } from './invoice-rules.ts';
import { InvoiceSettledAlert } from './invoice-settled-alert.tsx';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';

/** Paying an invoice: handed in by the route, as a feature never imports another. */
export type RenderInvoicePayment = (invoice: Invoice, onMarkPaid: () => void) => ReactNode;

interface InvoicePanelProps {
  letterId: string;
  renderPayment: RenderInvoicePayment;
}

/** The invoice inside a letter: what, by when, its status, and paying it. */
export function InvoicePanel({ letterId, renderPayment }: InvoicePanelProps) {
  const { t } = useTranslation();
  const invoiceQuery = useInvoice(letterId);
  if (invoiceQuery.isPending) {
    return (
      <Paper
        withBorder
        p="md"
        radius="md"
        bg="var(--kuvert-color-surface-muted)"
        role="status"
        aria-label={t('common.loading')}
      >
        <Stack gap="sm">
          <Skeleton height={20} width={120} />
          <Skeleton height={32} width={200} />
          <Skeleton height={36} width={160} />
        </Stack>
      </Paper>
    );
  }
  if (invoiceQuery.isError) {
    // A letter that was never an invoice to the server: nothing to show.
    if (hasErrorCode(invoiceQuery.error, 'NOT_FOUND')) return null;
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Text fw={600}>{t('invoices.panel.loadError')}</Text>
          <ErrorState error={invoiceQuery.error} onRetry={() => void invoiceQuery.refetch()} />
        </Stack>
      </Paper>
    );
  }
  return <InvoiceCard invoice={invoiceQuery.data} renderPayment={renderPayment} />;
}

interface InvoiceCardProps {
  invoice: Invoice;
  renderPayment: RenderInvoicePayment;
}

function InvoiceCard({ invoice, renderPayment }: InvoiceCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [isMarkPaidOpen, setIsMarkPaidOpen] = useState(false);
  const isUnpaid = isUnpaidStatus(invoice.status);
  const isOverdue = invoice.is_overdue && isUnpaid;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      bg="var(--kuvert-color-surface-muted)"
      data-testid="invoice-panel"
      style={{
        borderColor: isOverdue ? 'var(--mantine-color-red-6)' : undefined,
        borderLeftWidth: isOverdue ? 4 : undefined,
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="h4" id={headingId}>
            {t('invoices.panel.title')}
          </Title>
          <InvoiceStatusBadge status={invoice.status} size="lg">
            {t(`invoices.status.${invoice.status}`)}
          </InvoiceStatusBadge>
        </Group>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('invoices.panel.amount')}
            </Text>
            <Text fz={30} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(invoice.amount, invoice.currency)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('invoices.panel.dueDate')}
            </Text>
            {isOverdue ? (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconAlertTriangle
                  size={20}
                  aria-hidden="true"
                  color="var(--mantine-color-red-9)"
                  style={{ flexShrink: 0, marginTop: 4 }}
                />
                <Text fw={700} size="lg" c="var(--kuvert-color-alert-text)">
                  {t('invoices.panel.overdueSince', { date: formatCalendarDate(invoice.due_date) })}
                </Text>
              </Group>
            ) : (
              <Text fw={700} size="lg">
                {formatCalendarDate(invoice.due_date)}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap="xs">
          <InvoiceSettledAlert invoice={invoice} />
          {renderPayment(invoice, () => setIsMarkPaidOpen(true))}
        </Stack>
        {/* A cancelled invoice is owed to nobody: no account to copy, nothing to pay. */}
        {invoice.status !== 'cancelled' && (
          <>
            <Divider />
            <InvoiceBankDetails invoice={invoice} showQrCode={isUnpaid} />
          </>
        )}
      </Stack>
      {/* Stays mounted when marking paid ends `can_pay`, so its success is still reported. */}
      <MarkPaidDialog
        letterId={invoice.letter_id}
        opened={isMarkPaidOpen}
        onClose={() => setIsMarkPaidOpen(false)}
      />
    </Paper>
  );
}
