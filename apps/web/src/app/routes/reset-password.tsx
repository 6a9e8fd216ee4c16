import { Stack } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { notify } from '../../lib/notify.ts';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tokenBase64 = '' } = useParams();
  return (
    <Stack gap="lg">
      <PageTitle>{t('resetPassword.title')}</PageTitle>
      <ResetPasswordForm
        token={tokenBase64}
        requestNewLinkHref={paths.forgotPassword()}
        onDone={() => {
          notify({ type: 'positive', message: t('resetPassword.success') });
          void navigate(paths.login(), { replace: true });
        }}
      />
    </Stack>
  );
}
