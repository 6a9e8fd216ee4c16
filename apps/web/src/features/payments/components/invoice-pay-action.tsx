import type { Invoice } from '@kuvert/shared/invoices';
import { useTranslation } from '../../../lib/i18n.ts';
import { PayButton } from './pay-button.tsx';
import { CheckPaymentButton } from './pending-payment-actions.tsx';

/** In a list of invoices: pay, or check on the payment already at the bank; nothing for viewers. */
export function InvoicePayAction({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (!invoice.can_pay) return null;
  const pending = invoice.active_payment;
  if (pending === null) {
    return (
      <PayButton
        letterId={invoice.letter_id}
        aria-label={t('invoices.open.payLabel', { subject: invoice.subject })}
      >
        {t('invoices.panel.pay')}
      </PayButton>
    );
  }
  return (
    <CheckPaymentButton
      paymentId={pending.id}
      aria-label={t('invoices.open.checkLabel', { subject: invoice.subject })}
    />
  );
}
