import { Anchor, Box, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Invoice } from '@kuvert/shared/invoices';
import { ProviderAvatar } from '../../../components/ui/provider-avatar.tsx';
import { InvoiceStatusBadge } from '../../../components/ui/invoice-status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCalendarDate } from '../../../lib/dates.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import classes from './invoice-list-row.module.css';
import { paidDate, paidHowText } from './invoice-rules.ts';
import { MarkPaidDialog } from './mark-paid-dialog.tsx';

interface InvoiceListRowProps {
  invoice: Invoice;
  /** Unpaid: a way to pay it, or to check on its payment. */
  payAction: ReactNode;
}

/**
 * One invoice of /open-invoices: who, what, how much; unpaid, by when and a way to pay it;
 * paid, when and how.
 */
export function InvoiceListRow({ invoice, payAction }: InvoiceListRowProps) {
  const { t } = useTranslation();
  const isPaid = invoice.status === 'paid';
  return (
    <Box
      component="li"
      className={classes.row}
      data-invoice-id={invoice.letter_id}
      data-overdue={invoice.is_overdue || undefined}
      data-paid={isPaid || undefined}
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
          c="bright"
          className={classes.subject}
        >
          {invoice.subject}
        </Anchor>
        {/* In a list of open invoices only news is worth a badge; overdue has its own line. */}
        {invoice.status === 'payment_pending' || invoice.status === 'failed' ? (
          <Group gap={8} mt={6} wrap="wrap">
            <InvoiceStatusBadge status={invoice.status} size="lg">
              {t(`invoices.status.${invoice.status}`)}
            </InvoiceStatusBadge>
          </Group>
        ) : null}
        {isPaid ? (
          <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
            <IconCircleCheck
              size={16}
              aria-hidden="true"
              color="var(--mantine-color-teal-8)"
              className={classes.icon}
            />
            <Text size="sm" c="dimmed">
              {paidHowText(t, invoice)}
            </Text>
          </Group>
        ) : null}
      </div>
      <div className={classes.money}>
        <Text fw={700} size="lg" className={classes.amount}>
          {formatMoney(invoice.amount, invoice.currency)}
        </Text>
        <WhenLine invoice={invoice} />
      </div>
      {isPaid ? null : (
        <div className={classes.action}>
          {payAction}
          {invoice.can_pay ? <MarkPaidButton invoice={invoice} /> : null}
        </div>
      )}
    </Box>
  );
}

/** Paid by transfer already: marked from the list, without opening each letter. */
function MarkPaidButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        onClick={() => setIsOpen(true)}
        aria-label={t('invoices.markPaid.rowLabel', { subject: invoice.subject })}
      >
        {t('invoices.markPaid.title')}
      </Button>
      <MarkPaidDialog
        letterId={invoice.letter_id}
        opened={isOpen}
        onClose={() => setIsOpen(false)}
      />
    </>
  );
}

/** Paid on, overdue since, or due: the one date that matters for the invoice. */
function WhenLine({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (invoice.status === 'paid') {
    return (
      <Text size="sm" c="dimmed">
        {t('invoices.state.paidOn', { date: paidDate(invoice) })}
      </Text>
    );
  }
  const dueDate = formatCalendarDate(invoice.due_date);
  if (!invoice.is_overdue) {
    return (
      <Text size="sm" c="dimmed">
        {t('invoices.open.due', { date: dueDate })}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <IconAlertTriangle size={16} aria-hidden="true" color="var(--mantine-color-red-9)" />
      <Text size="sm" fw={700} c="var(--kuvert-color-alert-text)">
        {t('invoices.panel.overdueSince', { date: dueDate })}
      </Text>
    </Group>
  );
}
