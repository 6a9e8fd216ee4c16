import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Invoice } from '@kuvert/shared/invoices';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import classes from './open-invoice-row.module.css';
import { PayButton } from './pay-button.tsx';

/** One unpaid invoice: who, what, how much, by when, and a way to pay it. */
export function OpenInvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const dueDate = formatCalendarDate(invoice.due_date);
  const pending = invoice.active_payment;
  return (
    <Box
      component="li"
      className={classes.row}
      data-invoice-id={invoice.letter_id}
      data-overdue={invoice.is_overdue || undefined}
    >
      <div className={classes.avatar}>
        <ProviderAvatar
          providerId={invoice.provider.id}
          name={invoice.provider.name}
          hasLogo={invoice.provider.has_logo}
        />
      </div>
      <div className={classes.main}>
        <Text size="sm" c="dimmed" truncate>
          {invoice.provider.name}
        </Text>
        <Anchor
          component={Link}
          to={paths.letter(invoice.letter_id)}
          fw={650}
          c="dark.8"
          className={classes.subject}
        >
          {invoice.subject}
        </Anchor>
        {/* In a list of open invoices only news is worth a badge; overdue has its own line. */}
        {invoice.status === 'payment_pending' || invoice.status === 'failed' ? (
          <Group gap={8} mt={6} wrap="wrap">
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
        ) : null}
      </div>
      <div className={classes.money}>
        <Text fw={700} size="lg" className={classes.amount}>
          {formatMoney(invoice.amount, invoice.currency)}
        </Text>
        {invoice.is_overdue ? (
          <Group gap={4} wrap="nowrap">
            <IconAlertTriangle size={16} aria-hidden="true" color="var(--mantine-color-red-9)" />
            <Text size="sm" fw={700} c="red.9">
              {t('invoices.panel.overdueSince', { date: dueDate })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('invoices.open.due', { date: dueDate })}
          </Text>
        )}
      </div>
      <div className={classes.action}>
        {invoice.can_pay && pending === null ? (
          <PayButton
            letterId={invoice.letter_id}
            aria-label={t('invoices.open.payLabel', { subject: invoice.subject })}
          >
            {t('invoices.panel.pay')}
          </PayButton>
        ) : null}
        {invoice.can_pay && pending !== null ? (
          <Button
            component={Link}
            to={paths.paymentStatus(pending.id)}
            variant="default"
            aria-label={t('invoices.open.checkLabel', { subject: invoice.subject })}
          >
            {t('invoices.state.checkStatus')}
          </Button>
        ) : null}
      </div>
    </Box>
  );
}
