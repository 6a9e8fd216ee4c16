import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { PaymentPage } from '../../features/payments/components/payment-page.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { paymentInvoices } from '../invoice-payments.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.invoicePayment')}</PageTitle>
      <PaymentPage invoices={paymentInvoices} />
    </Stack>
  );
}
