import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { sanitizeRedirect } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export { skipLoginWhenLoggedIn as loader } from '../guards.ts';

const FORGOT_VIEW = 'forgot-password';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const isForgotView = searchParams.get('view') === FORGOT_VIEW;

  // The view lives in the URL so "request a new link" elsewhere can open it directly.
  const showView = (view: string | null) =>
    setSearchParams((params) => {
      if (view === null) params.delete('view');
      else params.set('view', view);
      return params;
    });

  if (isForgotView) {
    return (
      <Stack gap="lg">
        <PageTitle>{t('forgotPassword.title')}</PageTitle>
        <ForgotPasswordForm onBackToLogin={() => showView(null)} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <PageTitle>{t('login.title')}</PageTitle>
        <Text c="dimmed">{t('login.subtitle')}</Text>
      </Stack>
      <LoginForm
        onLoggedIn={() =>
          void navigate(sanitizeRedirect(searchParams.get('redirect')), { replace: true })
        }
        onForgotPassword={() => showView(FORGOT_VIEW)}
      />
      <Text size="xs" c="dimmed" ta="center">
        {t('login.noAccount')}
      </Text>
    </Stack>
  );
}
