import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ErrorCode } from '@kuvert/shared/errors';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePaymentInvoice } from '../hooks/payment-invoices.ts';
import { usePageRestoreCount, usePaymentHandOff } from '../hooks/use-payment-hand-off.ts';
import { OutcomeCard } from './outcome-card.tsx';
import { PendingPaymentActions } from './pending-payment-actions.tsx';
import { TestModeNote } from './test-mode-note.tsx';

/** `/invoice-tink?invoice=…`: connects to the bank, or says why it could not. */
export function PaymentHandOff({ letterId }: { letterId: string }) {
  const [attempt, setAttempt] = useState(0);
  const restores = usePageRestoreCount();
  // A new attempt, or the page back from the browser's cache, starts the hand-off anew; the
  // stored idempotency key makes that the same payment as long as it is pending.
  return (
    <HandOffAttempt
      key={`${attempt}-${restores}`}
      letterId={letterId}
      onRetry={() => setAttempt((value) => value + 1)}
    />
  );
}

function HandOffAttempt({ letterId, onRetry }: { letterId: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const state = usePaymentHandOff(letterId);
  const invoice = usePaymentInvoice(state.phase === 'resumable' ? letterId : null);
  const context = invoice
    ? t('invoices.return.invoiceFor', { subject: invoice.subject, provider: invoice.provider.name })
    : undefined;
  const backToInvoice = (
    <Button component={Link} to={paths.letter(letterId)} variant="default">
      {t('invoices.handOff.backToInvoice')}
    </Button>
  );

  switch (state.phase) {
    case 'starting':
    case 'redirecting':
      return (
        <div role="status">
          <OutcomeCard tone="progress" title={t('invoices.handOff.connecting')}>
            <Text>{t('invoices.handOff.connectingText')}</Text>
            {state.phase === 'redirecting' && state.payment.is_test_mode ? <TestModeNote /> : null}
          </OutcomeCard>
        </div>
      );
    case 'resumable':
      return (
        <OutcomeCard
          tone="waiting"
          title={t('invoices.handOff.resumeTitle')}
          context={context}
          actions={
            <>
              <PendingPaymentActions payment={state.payment} />
              {backToInvoice}
            </>
          }
        >
          <Text>{t('invoices.handOff.resumeText')}</Text>
          {state.payment.is_test_mode ? <TestModeNote /> : null}
        </OutcomeCard>
      );
    case 'failed':
      if (hasErrorCode(state.error, 'PAYMENT_IN_PROGRESS')) {
        return <PaymentInProgress letterId={letterId} message={translateError(t, state.error)} />;
      }
      return (
        <div role="alert">
          <OutcomeCard
            tone="danger"
            title={t('invoices.handOff.failedTitle')}
            actions={
              <>
                {canRetry(state.error) ? (
                  <Button onClick={onRetry}>{t('invoices.handOff.tryAgain')}</Button>
                ) : null}
                {hasErrorCode(state.error, 'NOT_FOUND') ? (
                  <Button component={Link} to={paths.openInvoices()} variant="default">
                    {t('invoices.return.openInvoices')}
                  </Button>
                ) : (
                  backToInvoice
                )}
              </>
            }
          >
            <Text>{translateError(t, state.error)}</Text>
          </OutcomeCard>
        </div>
      );
  }
}

/** Another attempt is already at the bank: offer that one instead of a second. */
function PaymentInProgress({ letterId, message }: { letterId: string; message: string }) {
  const { t } = useTranslation();
  const pending = usePaymentInvoice(letterId)?.active_payment ?? null;
  return (
    <OutcomeCard
      tone="waiting"
      title={t('invoices.handOff.inProgressTitle')}
      actions={
        <>
          {pending ? <PendingPaymentActions payment={pending} /> : null}
          <Button component={Link} to={paths.letter(letterId)} variant="default">
            {t('invoices.handOff.backToInvoice')}
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
    </OutcomeCard>
  );
}

// Trying again helps after a hiccup, not when the answer was "no".
const refusals: readonly ErrorCode[] = ['INVOICE_NOT_PAYABLE', 'FORBIDDEN', 'NOT_FOUND'];

function canRetry(error: unknown): boolean {
  return !refusals.some((code) => hasErrorCode(error, code));
}
