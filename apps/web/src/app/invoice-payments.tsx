import { Group } from '@mantine/core';
import type { Invoice } from '@kuvert/shared/invoices';
import { AddToCalendarButton } from '../features/calendar/components/add-to-calendar-button.tsx';
import { getInvoice, invoiceQueryOptions } from '../features/invoices/api/get-invoice.ts';
import { invalidateInvoices } from '../features/invoices/api/invalidate-invoices.ts';
import type { RenderInvoicePayment } from '../features/invoices/components/invoice-panel.tsx';
import { InvoicePayAction } from '../features/payments/components/invoice-pay-action.tsx';
import { InvoicePayment } from '../features/payments/components/invoice-payment.tsx';
import type { PaymentInvoices } from '../features/payments/hooks/payment-invoices.ts';

/*
 * Where invoices and payments meet (a feature never imports another): the invoice screens
 * show the payment parts, the payment screens read and refresh the invoices.
 */

/** The letter's invoice panel: paying it, and its due date into a calendar while it is owed. */
export const renderInvoicePayment: RenderInvoicePayment = (invoice, onMarkPaid) => (
  <>
    <InvoicePayment invoice={invoice} onMarkPaid={onMarkPaid} />
    {invoice.status !== 'paid' && invoice.status !== 'cancelled' ? (
      <Group>
        <AddToCalendarButton letterId={invoice.letter_id} />
      </Group>
    ) : null}
  </>
);

/** A row of /open-invoices: pay it, or check on its payment. */
export const renderPayAction = (invoice: Invoice) => <InvoicePayAction invoice={invoice} />;

/** For /invoice-tink: the invoice a payment is for. */
export const paymentInvoices: PaymentInvoices = {
  invoiceQuery: (letterId) => ({
    queryKey: invoiceQueryOptions(letterId).queryKey,
    queryFn: ({ signal }) => getInvoice(letterId, signal),
  }),
  invalidate: invalidateInvoices,
};
