import { Stack } from '@mantine/core';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { OpenSignatureRequestsView } from '../../features/signatures/components/open-signature-requests-view.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

export function Component() {
  const { t } = useTranslation();
  const { accounts } = useSession();
  return (
    <Stack gap="lg" maw={1040}>
      <PageTitle>{t('pages.openSignatureRequests')}</PageTitle>
      <OpenSignatureRequestsView showAccount={accounts.length > 1} />
    </Stack>
  );
}
