import { Stack } from '@mantine/core';
import { BackLink } from '../../components/layouts/back-link.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { paths } from '../../config/paths.ts';
import { DeleteAccountFlow } from '../../features/account-deletion/components/delete-account-flow.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** Profile → Delete account: what goes, what stays, then password and mailed code. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={880}>
      <BackLink fallbackHref={paths.profile()} label={t('pages.profile')} />
      <PageTitle>{t('accountDeletion.pageTitle')}</PageTitle>
      <SectionCard title={t('accountDeletion.title')}>
        <DeleteAccountFlow />
      </SectionCard>
    </Stack>
  );
}
