import { Stack } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { VerifyEmailPanel } from '../../features/auth/components/verify-email-panel.tsx';
import { notify } from '../../lib/notify.ts';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <Stack gap="lg">
      <PageTitle>{t('verifyEmail.title')}</PageTitle>
      <VerifyEmailPanel
        token={searchParams.get('token') ?? ''}
        loginHref={paths.login()}
        onDone={() => {
          notify({ type: 'positive', message: t('verifyEmail.success') });
          void navigate(paths.login(), { replace: true });
        }}
      />
    </Stack>
  );
}
