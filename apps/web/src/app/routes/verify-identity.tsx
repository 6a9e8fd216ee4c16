import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { CompleteVerificationRequest } from '@kuvert/shared/identity';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { VerificationResult } from '../../features/identity/components/verification-result.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** Query parameters the identity provider answers with, forwarded as they came. */
const answerParameters = ['code', 'state', 'iss', 'error'] as const;

/** `/verify/id_process_id/{data}`: where the identity provider sends the person back. */
export function Component() {
  const { t } = useTranslation();
  const { data = '' } = useParams();
  const [searchParams] = useSearchParams();
  const answer = useMemo(() => {
    const body: CompleteVerificationRequest = { data };
    for (const name of answerParameters) {
      const value = searchParams.get(name);
      if (value) body[name] = value;
    }
    return body;
  }, [data, searchParams]);
  return (
    <Stack gap="lg">
      <PageTitle>{t('identity.result.title')}</PageTitle>
      <VerificationResult
        answer={answer}
        profileHref={paths.profile()}
        loginHref={paths.login()}
        onboardingHref={paths.onboarding}
      />
    </Stack>
  );
}
