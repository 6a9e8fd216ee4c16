import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listPaymentIds } from '../../../lib/session.ts';
import { readPaymentPageMode } from '../hooks/payment-confirmation.ts';
import { PaymentInvoicesContext } from '../hooks/payment-invoices.ts';
import type { PaymentInvoices } from '../hooks/payment-invoices.ts';
import { PaymentHandOff } from './payment-hand-off.tsx';
import { PaymentReturn } from './payment-return.tsx';

/**
 * `/invoice-tink`: with `?invoice=` the hand-off to the bank, else the way back from it. The
 * bank's query string is never trusted; what was paid comes from the server. `invoices` is
 * how the page reads and refreshes the invoice a payment is for (stable: one for the app).
 */
export function PaymentPage({ invoices }: { invoices: PaymentInvoices }) {
  const [searchParams] = useSearchParams();
  // Read once per URL: confirmed payments leave local storage, their cards stay on screen.
  const mode = useMemo(() => readPaymentPageMode(searchParams, listPaymentIds()), [searchParams]);
  return (
    <PaymentInvoicesContext value={invoices}>
      <Stack gap="md" maw={680}>
        {mode.kind === 'start' ? (
          <PaymentHandOff key={mode.letterId} letterId={mode.letterId} />
        ) : (
          <PaymentReturn paymentIds={mode.paymentIds} />
        )}
      </Stack>
    </PaymentInvoicesContext>
  );
}
