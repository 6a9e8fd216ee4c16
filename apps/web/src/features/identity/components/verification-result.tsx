import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CompleteVerificationRequest, VerifiedIdentity } from '@kuvert/shared/identity';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation, type TFunction, type TranslationKey } from '../../../lib/i18n.ts';
import { useCompleteVerification } from '../api/complete-verification.ts';
import { useCompleteOnboardingVerification } from '../api/onboarding-verification.ts';
import {
  readOnboarding,
  readReturnTo,
  rememberOnboarding,
  rememberReturnTo,
} from '../verification-return.ts';
import { IdentityFacts } from './identity-facts.tsx';
import { TestIdentityNote } from './test-identity-note.tsx';

const failureTitles: Record<string, TranslationKey> = {
  IDENTITY_CANCELLED: 'identity.failure.cancelled',
  IDENTITY_PROCESS_EXPIRED: 'identity.failure.expired',
  IDENTITY_PROCESS_USED: 'identity.failure.used',
  IDENTITY_PROVIDER_UNAVAILABLE: 'identity.failure.unavailable',
  IDENTITY_TAKEN: 'identity.failure.taken',
  UNAUTHENTICATED: 'identity.failure.loggedOut',
};

function failureTitle(t: TFunction, error: unknown): string {
  const key = error instanceof ApiError ? failureTitles[error.code] : undefined;
  return t(key ?? 'identity.failure.generic');
}

function Outcome({
  tone,
  title,
  children,
  actions,
}: {
  tone: 'success' | 'danger';
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const headingId = useId();
  const Icon = tone === 'success' ? IconCircleCheck : IconAlertTriangle;
  return (
    <Stack
      component="section"
      aria-labelledby={headingId}
      gap="md"
      role={tone === 'danger' ? 'alert' : undefined}
      data-outcome={tone}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <Icon
          size={28}
          aria-hidden="true"
          color={`var(--mantine-color-${tone === 'success' ? 'teal' : 'red'}-filled)`}
        />
        <Title order={2} fz="h3" id={headingId}>
          {title}
        </Title>
      </Group>
      {children}
      <Group>{actions}</Group>
    </Stack>
  );
}

interface VerificationResultProps {
  /** What the provider sent back: `data` from the path, the rest from the query. */
  answer: CompleteVerificationRequest;
  profileHref: string;
  loginHref: string;
  /** The page of an onboarding link, to go back to after verifying with it. */
  onboardingHref: (token: string) => string;
}

/**
 * The return leg of a verification: hands the provider's answer to the server once, then
 * says what came of it.
 */
export function VerificationResult({
  answer,
  profileHref,
  loginHref,
  onboardingHref,
}: VerificationResultProps) {
  const { t } = useTranslation();
  // An onboarding link's verification: no login, the link's token binds it (read once).
  const [onboarding] = useState(readOnboarding);
  const completeAsUser = useCompleteVerification();
  const completeOnboarding = useCompleteOnboardingVerification();
  const complete = onboarding === null ? completeAsUser : completeOnboarding;
  const { run: runAsUser } = completeAsUser;
  const { run: runOnboarding } = completeOnboarding;
  const [verified, setVerified] = useState<VerifiedIdentity | null>(null);
  // Where they started from (a letter to sign), read once: it outlives this page's renders.
  const [returnTo] = useState(readReturnTo);
  const sent = useRef(false);
  useEffect(() => {
    // Once: an answer completes its process once, and a second try would say it was used.
    if (sent.current) return;
    sent.current = true;
    const onSuccess = ({ identity }: { identity: VerifiedIdentity | null }) =>
      setVerified(identity);
    if (onboarding === null) runAsUser(answer, { onSuccess });
    else runOnboarding({ ...answer, token: onboarding }, { onSuccess });
  }, [answer, onboarding, runAsUser, runOnboarding]);

  const toProfile =
    onboarding === null ? (
      <Button component={Link} to={profileHref}>
        {t('identity.result.toProfile')}
      </Button>
    ) : (
      <Button
        component={Link}
        to={onboardingHref(onboarding)}
        onClick={() => rememberOnboarding(null)}
      >
        {t('identity.result.backToOnboarding')}
      </Button>
    );
  if (verified) {
    const identity = verified;
    const actions =
      onboarding !== null ? (
        <Button
          component={Link}
          to={onboardingHref(onboarding)}
          onClick={() => rememberOnboarding(null)}
        >
          {t('identity.result.toPassword')}
        </Button>
      ) : returnTo === null ? (
        toProfile
      ) : (
        <>
          <Button component={Link} to={returnTo} onClick={() => rememberReturnTo(null)}>
            {returnTo.startsWith('/invitation')
              ? t('identity.result.backToInvitation')
              : t('identity.result.backToLetter')}
          </Button>
          <Button component={Link} to={profileHref} variant="default">
            {t('identity.result.toProfile')}
          </Button>
        </>
      );
    return (
      <Outcome tone="success" title={t('identity.result.successTitle')} actions={actions}>
        <Text>{t('identity.result.successText')}</Text>
        <IdentityFacts identity={identity} />
        {identity.is_test ? <TestIdentityNote /> : null}
      </Outcome>
    );
  }
  if (complete.isError) {
    const isLoggedOut = onboarding === null && hasErrorCode(complete.error, 'UNAUTHENTICATED');
    return (
      <Outcome
        tone="danger"
        title={failureTitle(t, complete.error)}
        actions={
          isLoggedOut ? (
            <Button component={Link} to={loginHref}>
              {t('identity.result.toLogin')}
            </Button>
          ) : (
            toProfile
          )
        }
      >
        <Text>
          {isLoggedOut ? t('identity.result.loggedOutText') : translateError(t, complete.error)}
        </Text>
      </Outcome>
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text>{t('identity.result.completing')}</Text>
    </Group>
  );
}
