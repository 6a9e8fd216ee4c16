import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { OpenInvoicesView } from '../../features/invoices/components/open-invoices-view.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';
import { renderPayAction } from '../invoice-payments.tsx';

export function Component() {
  const { t } = useTranslation();
  const { accountId } = useSelectedAccount();
  return (
    <Stack gap="lg" maw={1040}>
      <PageTitle>{t('pages.openInvoices')}</PageTitle>
      <OpenInvoicesView accountId={accountId} renderPayAction={renderPayAction} />
    </Stack>
  );
}
