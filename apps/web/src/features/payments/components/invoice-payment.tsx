import { Alert, Button, Flex, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Invoice } from '@kuvert/shared/invoices';
import type { Payment } from '@kuvert/shared/payments';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { PayButton } from './pay-button.tsx';
import { failureReasonKey } from './payment-rules.ts';
import { PendingPaymentActions } from './pending-payment-actions.tsx';
import { TestModeNote } from './test-mode-note.tsx';

interface InvoicePaymentProps {
  invoice: Invoice;
  onMarkPaid: () => void;
}

/**
 * Paying this invoice: the payment at the bank, the failed one, or the ways to pay; and
 * whether its payment moved test money only. Paid and cancelled invoices say so themselves.
 */
export function InvoicePayment({ invoice, onMarkPaid }: InvoicePaymentProps) {
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

  if (invoice.status === 'cancelled') return null;
  let content: ReactNode = null;
  if (invoice.status === 'paid') {
    // Said by the invoice itself; only the test-mode note below is left to say.
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

  const isTestMode = testModePayment?.is_test_mode === true;
  if (content === null && !isTestMode) return null;
  return (
    <Stack gap="xs">
      {content}
      {isTestMode ? <TestModeNote /> : null}
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
      styles={{ title: { color: 'var(--mantine-color-kuvert-light-color)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('invoices.state.pendingText')}</Text>
        {canAct ? (
          <Group gap="sm" wrap="wrap">
            <PendingPaymentActions payment={payment} />
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
