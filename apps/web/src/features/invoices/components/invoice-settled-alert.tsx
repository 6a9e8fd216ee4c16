import { Alert } from '@mantine/core';
import { IconBan, IconCircleCheck } from '@tabler/icons-react';
import type { Invoice } from '@kuvert/shared/invoices';
import { formatDate, useTranslation } from '../../../lib/i18n.ts';
import { paidDate, paidHowText } from './invoice-rules.ts';

/** A paid invoice says when and how; a cancelled one, by whom. Nothing for the others. */
export function InvoiceSettledAlert({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (invoice.status === 'paid') {
    return (
      <Alert
        variant="light"
        color="teal"
        radius="md"
        icon={<IconCircleCheck aria-hidden="true" />}
        title={invoice.paid_at ? t('invoices.state.paidOn', { date: paidDate(invoice) }) : null}
        styles={{ title: { color: 'var(--kuvert-color-success-text)' } }}
      >
        {paidHowText(t, invoice)}
      </Alert>
    );
  }
  if (invoice.status === 'cancelled') {
    return (
      <Alert
        variant="light"
        color="gray"
        radius="md"
        icon={<IconBan aria-hidden="true" />}
        title={t('invoices.state.cancelledTitle', { provider: invoice.provider.name })}
        styles={{ title: { color: 'var(--mantine-color-gray-light-color)' } }}
      >
        {t('invoices.state.cancelledText', {
          provider: invoice.provider.name,
          date: invoice.cancelled_at ? formatDate(invoice.cancelled_at) : '',
        })}
      </Alert>
    );
  }
  return null;
}
