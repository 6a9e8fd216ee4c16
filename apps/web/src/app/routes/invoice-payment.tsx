import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { PaymentPage } from '../../features/invoices/components/payment-page.tsx';
import { useTranslation } from '../../lib/i18n.ts';

export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.invoicePayment')}</PageTitle>
      <PaymentPage />
    </Stack>
  );
}
