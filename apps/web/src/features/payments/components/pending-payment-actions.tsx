import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Payment } from '@kuvert/shared/payments';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface PendingPaymentActionsProps {
  payment: Payment;
  /** On the page that is already asking the bank: ask again in place. */
  onCheckAgain?: () => void;
}

/** A payment waiting at the bank: go back there to decide, or ask how it stands. */
export function PendingPaymentActions({ payment, onCheckAgain }: PendingPaymentActionsProps) {
  return (
    <>
      <ContinueAtBankButton payment={payment} />
      <CheckPaymentButton paymentId={payment.id} onCheckAgain={onCheckAgain} />
    </>
  );
}

/** Back to the bank's page of a pending payment, where the user approves it. */
export function ContinueAtBankButton({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  if (payment.redirect_url === null) return null;
  return (
    <Button
      component="a"
      href={payment.redirect_url}
      rightSection={<IconExternalLink size={16} aria-hidden="true" />}
    >
      {t('invoices.state.continue')}
    </Button>
  );
}

interface CheckPaymentButtonProps {
  paymentId: string;
  onCheckAgain?: (() => void) | undefined;
  variant?: 'filled' | 'default';
  /** In a list of invoices: which one. */
  'aria-label'?: string;
}

/**
 * Asks the bank (through the server) how the payment stands: on the status page, or, where
 * that page is already showing, again in place.
 */
export function CheckPaymentButton({
  paymentId,
  onCheckAgain,
  variant = 'default',
  ...rest
}: CheckPaymentButtonProps) {
  const { t } = useTranslation();
  if (onCheckAgain) {
    return (
      <Button variant={variant} onClick={onCheckAgain}>
        {t('invoices.return.checkAgain')}
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={paths.paymentStatus(paymentId)}
      variant={variant}
      aria-label={rest['aria-label']}
    >
      {t('invoices.state.checkStatus')}
    </Button>
  );
}
