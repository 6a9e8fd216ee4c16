import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CompleteVerificationRequest, VerifiedIdentity } from '@kuvert/shared/identity';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { useTranslation, type TFunction, type TranslationKey } from '../../../lib/i18n.ts';
import { useCompleteVerification } from '../api/complete-verification.ts';
import { readReturnTo, rememberReturnTo } from '../verification-return.ts';
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
}

/**
 * The return leg of a verification: hands the provider's answer to the server once, then
 * says what came of it.
 */
export function VerificationResult({ answer, profileHref, loginHref }: VerificationResultProps) {
  const { t } = useTranslation();
  const complete = useCompleteVerification();
  const [verified, setVerified] = useState<VerifiedIdentity | null>(null);
  // Where they started from (a letter to sign), read once: it outlives this page's renders.
  const [returnTo] = useState(readReturnTo);
  const sent = useRef(false);
  const { run } = complete;
  useEffect(() => {
    // Once: an answer completes its process once, and a second try would say it was used.
    if (sent.current) return;
    sent.current = true;
    run(answer, { onSuccess: ({ identity }) => setVerified(identity) });
  }, [answer, run]);

  const toProfile = (
    <Button component={Link} to={profileHref}>
      {t('identity.result.toProfile')}
    </Button>
  );
  if (verified) {
    const identity = verified;
    const actions =
      returnTo === null ? (
        toProfile
      ) : (
        <>
          <Button component={Link} to={returnTo} onClick={() => rememberReturnTo(null)}>
            {t('identity.result.backToLetter')}
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
    const isLoggedOut = hasErrorCode(complete.error, 'UNAUTHENTICATED');
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
