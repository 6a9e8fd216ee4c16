import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { sanitizeRedirect } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { DeletionPendingPanel } from '../../features/account-deletion/components/deletion-pending-panel.tsx';
import {
  readDeletionPending,
  type DeletionPending,
} from '../../features/account-deletion/components/deletion-date.ts';

export { skipLoginWhenLoggedIn as loader } from '../guards.ts';

const FORGOT_VIEW = 'forgot-password';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const isForgotView = searchParams.get('view') === FORGOT_VIEW;
  // The right password for an account that awaits deletion: cancel, or log out.
  const [pending, setPending] = useState<DeletionPending | null>(null);
  const goOn = () =>
    void navigate(sanitizeRedirect(searchParams.get('redirect')), { replace: true });

  // The view lives in the URL so "request a new link" elsewhere can open it directly.
  const showView = (view: string | null) =>
    setSearchParams((params) => {
      if (view === null) params.delete('view');
      else params.set('view', view);
      return params;
    });

  if (pending) {
    return (
      <DeletionPendingPanel
        pending={pending}
        onCancelled={goOn}
        onLogOut={() => setPending(null)}
      />
    );
  }
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
        onLoggedIn={goOn}
        onForgotPassword={() => showView(FORGOT_VIEW)}
        onDeletionPending={(details) => setPending(readDeletionPending(details))}
      />
      <Text size="xs" c="dimmed" ta="center">
        {t('login.noAccount')}
      </Text>
    </Stack>
  );
}
