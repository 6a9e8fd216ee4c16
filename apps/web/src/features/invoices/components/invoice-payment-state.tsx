import { Alert, Button, Flex, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBan,
  IconCircleCheck,
  IconClockHour4,
  IconExternalLink,
  IconInfoCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Invoice } from '@kuvert/shared/invoices';
import type { Payment } from '@kuvert/shared/payments';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { failureReasonKey, paidDate } from './invoice-rules.ts';
import { PayButton } from './pay-button.tsx';
import { TestModeNote } from './test-mode-note.tsx';

interface InvoicePaymentStateProps {
  invoice: Invoice;
  onMarkPaid: () => void;
}

/** Where paying this invoice stands, and what the user can do next. */
export function InvoicePaymentState({ invoice, onMarkPaid }: InvoicePaymentStateProps) {
  const { t } = useTranslation();
  const { active_payment: activePayment, last_payment: lastPayment } = invoice;
  const testModePayment = activePayment ?? lastPayment;

  const payActions = (label: string) =>
    invoice.can_pay ? (
      // Side by side where there is room; full-width, easy-to-hit buttons on a phone.
      <Flex
        gap="sm"
        direction={{ base: 'column', xs: 'row' }}
        align={{ base: 'stretch', xs: 'center' }}
      >
        <PayButton letterId={invoice.letter_id}>{label}</PayButton>
        <Button variant="default" onClick={onMarkPaid}>
          {t('invoices.panel.markPaid')}
        </Button>
      </Flex>
    ) : (
      <ViewerNote />
    );

  let content: ReactNode;
  if (invoice.status === 'paid') {
    content = (
      <Alert
        variant="light"
        color="teal"
        radius="md"
        icon={<IconCircleCheck aria-hidden="true" />}
        title={invoice.paid_at ? t('invoices.state.paidOn', { date: paidDate(invoice) }) : null}
        styles={{ title: { color: 'var(--mantine-color-teal-9)' } }}
      >
        {invoice.paid_via === 'elsewhere'
          ? t('invoices.state.paidElsewhere')
          : t('invoices.state.paidViaKuvert')}
      </Alert>
    );
  } else if (invoice.status === 'cancelled') {
    content = (
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
  } else if (activePayment !== null) {
    content = <PendingPayment payment={activePayment} canAct={invoice.can_pay} />;
  } else if (invoice.status === 'failed' && lastPayment !== null) {
    content = (
      <Stack gap="sm">
        <Alert
          variant="light"
          color="red"
          radius="md"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={t('invoices.state.failedTitle')}
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
        >
          {t(failureReasonKey(lastPayment))} {t('invoices.state.failedText')}
        </Alert>
        {payActions(t('invoices.state.payAgain'))}
      </Stack>
    );
  } else {
    content = payActions(
      `${t('invoices.panel.pay')} ${formatMoney(invoice.amount, invoice.currency)}`,
    );
  }

  return (
    <Stack gap="xs">
      {content}
      {testModePayment?.is_test_mode === true && invoice.status !== 'cancelled' ? (
        <TestModeNote />
      ) : null}
    </Stack>
  );
}

function PendingPayment({ payment, canAct }: { payment: Payment; canAct: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="light"
      color="kuvert"
      radius="md"
      icon={<IconClockHour4 aria-hidden="true" />}
      title={t('invoices.state.pendingTitle')}
      styles={{ title: { color: 'var(--mantine-color-kuvert-9)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('invoices.state.pendingText')}</Text>
        {canAct ? (
          <Group gap="sm" wrap="wrap">
            {payment.redirect_url ? (
              <Button
                component="a"
                href={payment.redirect_url}
                rightSection={<IconExternalLink size={16} aria-hidden="true" />}
              >
                {t('invoices.state.continue')}
              </Button>
            ) : null}
            <Button component={Link} to={paths.paymentStatus(payment.id)} variant="default">
              {t('invoices.state.checkStatus')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

function ViewerNote() {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <IconInfoCircle size={18} aria-hidden="true" color="var(--kuvert-color-quiet-text)" />
      <Text size="sm" c="dimmed">
        {t('invoices.panel.viewerNote')}
      </Text>
    </Group>
  );
}
