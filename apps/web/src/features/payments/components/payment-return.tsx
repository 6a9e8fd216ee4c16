import { Button, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Invoice } from '@kuvert/shared/invoices';
import type { Payment } from '@kuvert/shared/payments';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { translateError } from '../../../lib/errors.ts';
import { formatMoney, useTranslation } from '../../../lib/i18n.ts';
import { usePaymentInvoice } from '../hooks/payment-invoices.ts';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation.ts';
import { OutcomeCard } from './outcome-card.tsx';
import { PayButton } from './pay-button.tsx';
import { failureReasonKey } from './payment-rules.ts';
import { CheckPaymentButton, PendingPaymentActions } from './pending-payment-actions.tsx';
import { TestModeNote } from './test-mode-note.tsx';

/** The way back from the bank: the outcome of every payment this device is waiting for. */
export function PaymentReturn({ paymentIds }: { paymentIds: readonly string[] }) {
  const { t } = useTranslation();
  if (paymentIds.length === 0) {
    return (
      <EmptyState
        icon={<IconReceipt size={32} />}
        title={t('invoices.return.nothingTitle')}
        text={t('invoices.return.nothingText')}
        action={
          <Button component={Link} to={paths.openInvoices()} variant="light">
            {t('invoices.return.openInvoices')}
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="md" aria-live="polite">
      {paymentIds.map((paymentId) => (
        <PaymentConfirmationCard key={paymentId} paymentId={paymentId} />
      ))}
    </Stack>
  );
}

function PaymentConfirmationCard({ paymentId }: { paymentId: string }) {
  const [round, setRound] = useState(0);
  // "Check again" asks the bank anew for another minute.
  return (
    <PaymentConfirmation
      key={round}
      paymentId={paymentId}
      onCheckAgain={() => setRound((value) => value + 1)}
    />
  );
}

interface PaymentConfirmationProps {
  paymentId: string;
  onCheckAgain: () => void;
}

function PaymentConfirmation({ paymentId, onCheckAgain: checkAgain }: PaymentConfirmationProps) {
  const { t } = useTranslation();
  const state = usePaymentConfirmation(paymentId);
  const payment = state.phase === 'unknown' ? null : state.payment;
  const invoice = usePaymentInvoice(payment?.letter_id ?? null) ?? null;
  const context = invoice
    ? t('invoices.return.invoiceFor', { subject: invoice.subject, provider: invoice.provider.name })
    : undefined;
  const viewInvoice = (variant: 'filled' | 'default' = 'default') =>
    payment ? (
      <Button component={Link} to={paths.letter(payment.letter_id)} variant={variant}>
        {t('invoices.return.viewInvoice')}
      </Button>
    ) : null;
  const testMode = payment?.is_test_mode === true ? <TestModeNote /> : null;

  switch (state.phase) {
    case 'confirming':
      return (
        <OutcomeCard tone="progress" title={t('invoices.return.confirming')} context={context}>
          <Text>{t('invoices.return.confirmingText')}</Text>
        </OutcomeCard>
      );
    case 'succeeded':
      return (
        <OutcomeCard
          tone="success"
          title={t('invoices.return.paidTitle')}
          context={context}
          actions={
            <>
              {viewInvoice('filled')}
              <Button component={Link} to={paths.openInvoices()} variant="default">
                {t('invoices.return.openInvoices')}
              </Button>
            </>
          }
        >
          <Text>{paidText(t, state.payment, invoice)}</Text>
          {testMode}
        </OutcomeCard>
      );
    case 'failed':
      return (
        <OutcomeCard
          tone="danger"
          title={t('invoices.return.failedTitle')}
          context={context}
          actions={
            <>
              {invoice?.can_pay === true ? (
                <PayButton letterId={state.payment.letter_id}>
                  {t('invoices.state.payAgain')}
                </PayButton>
              ) : null}
              {viewInvoice()}
            </>
          }
        >
          <Text>
            {t(failureReasonKey(state.payment))} {t('invoices.state.failedText')}
          </Text>
          {testMode}
        </OutcomeCard>
      );
    case 'still_pending':
      return (
        <OutcomeCard
          tone="waiting"
          title={t('invoices.return.stillPendingTitle')}
          context={context}
          actions={
            <>
              <PendingPaymentActions payment={state.payment} onCheckAgain={checkAgain} />
              {viewInvoice()}
            </>
          }
        >
          <Text>{t('invoices.return.stillPendingText')}</Text>
          {testMode}
        </OutcomeCard>
      );
    case 'error':
      return (
        <OutcomeCard
          tone="danger"
          title={t('invoices.return.errorTitle')}
          context={context}
          actions={
            <>
              <CheckPaymentButton
                paymentId={paymentId}
                onCheckAgain={checkAgain}
                variant="filled"
              />
              {viewInvoice()}
            </>
          }
        >
          <Text>{translateError(t, state.error)}</Text>
        </OutcomeCard>
      );
    case 'unknown':
      return (
        <OutcomeCard
          tone="neutral"
          title={t('invoices.return.unknownTitle')}
          actions={
            <Button component={Link} to={paths.openInvoices()} variant="default">
              {t('invoices.return.openInvoices')}
            </Button>
          }
        >
          <Text>{t('invoices.return.unknownText')}</Text>
        </OutcomeCard>
      );
  }
}

function paidText(
  t: ReturnType<typeof useTranslation>['t'],
  payment: Payment,
  invoice: Invoice | null,
): string {
  const amount = formatMoney(payment.amount, payment.currency);
  return invoice
    ? t('invoices.return.paidText', { amount, provider: invoice.provider.name })
    : t('invoices.return.paidTextShort', { amount });
}
