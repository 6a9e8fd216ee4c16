import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { EmailChangeLinkPanel } from '../../features/email-change/components/email-change-link-panel.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** The link mailed to the old address, which stops a pending change: logged in or not. */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <Stack gap="lg">
      <PageTitle>{t('emailChangeLink.cancelTitle')}</PageTitle>
      <EmailChangeLinkPanel
        kind="cancel"
        token={searchParams.get('token') ?? ''}
        homeHref={paths.home()}
        loginHref={paths.login()}
        resetPasswordHref={paths.forgotPassword()}
      />
    </Stack>
  );
}
