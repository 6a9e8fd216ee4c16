import { Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { paths } from '../../config/paths.ts';
import { OnboardingPanel } from '../../features/auth/components/onboarding-panel.tsx';
import { IdentityFacts } from '../../features/identity/components/identity-facts.tsx';
import { StartOnboardingButton } from '../../features/identity/components/start-onboarding-button.tsx';
import { TestIdentityNote } from '../../features/identity/components/test-identity-note.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** The operator's onboarding link (`kuvert user onboard`): public, no login yet. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <Stack gap="lg">
      <PageTitle>{t('onboarding.title')}</PageTitle>
      <OnboardingPanel
        token={token}
        verifyIdentity={<StartOnboardingButton token={token} />}
        renderIdentity={(identity) => (
          <>
            <IdentityFacts identity={identity} />
            {identity.is_test ? <TestIdentityNote /> : null}
          </>
        )}
        onDone={() => void navigate(paths.home(), { replace: true })}
      />
    </Stack>
  );
}
