import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { VerifiedIdentity } from '@kuvert/shared/identity';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { startSession } from '../../../lib/session.ts';
import { getSession } from '../api/get-session.ts';
import { useFinishOnboarding, useOnboardingInfo } from '../api/onboarding.ts';
import { useNewPasswordCheck } from '../hooks/use-new-password-check.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

interface OnboardingPanelProps {
  token: string;
  /** "Verify your identity", bound to this link. */
  verifyIdentity: ReactNode;
  /** What the identity provider confirmed, shown once verified. */
  renderIdentity: (identity: VerifiedIdentity) => ReactNode;
  onDone: () => void;
}

/**
 * The operator's onboarding link: first verify the identity (at the identity provider and
 * back), then choose a password; that uses the link up and logs the person in.
 */
export function OnboardingPanel({
  token,
  verifyIdentity,
  renderIdentity,
  onDone,
}: OnboardingPanelProps) {
  const { t } = useTranslation();
  const lookup = useOnboardingInfo(token);
  if (token === '') {
    return <FormAlert tone="error">{t('onboarding.missingToken')}</FormAlert>;
  }
  if (lookup.status === 'pending') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('onboarding.checking')}</Text>
      </Group>
    );
  }
  if (lookup.status === 'error') {
    const isUnusable = hasErrorCode(lookup.error, 'TOKEN_INVALID');
    return (
      <Stack gap="md">
        <FormAlert tone="error" {...(isUnusable ? { title: t('onboarding.unusableTitle') } : {})}>
          {isUnusable ? t('onboarding.unusable') : translateError(t, lookup.error)}
        </FormAlert>
        <Anchor component={Link} to={paths.login()} fw={600}>
          {t('onboarding.toLogin')}
        </Anchor>
      </Stack>
    );
  }
  const { identity, email } = lookup.info;
  if (identity === null) {
    return (
      <Stack gap="md">
        <Text>{t('onboarding.intro', { email })}</Text>
        <Text>{t('onboarding.stepVerify')}</Text>
        {verifyIdentity}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text>{t('onboarding.verified')}</Text>
      {renderIdentity(identity)}
      <ChoosePassword token={token} email={email} onDone={onDone} />
    </Stack>
  );
}

function ChoosePassword({
  token,
  email,
  onDone,
}: {
  token: string;
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const finish = useFinishOnboarding();
  const checkNewPassword = useNewPasswordCheck();
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [isEntering, setEntering] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = readTextField(form, 'password');
    const next = checkNewPassword(password, readTextField(form, 'confirm'));
    setErrors(next);
    if (hasErrors(next)) return;
    finish.run(
      { token, password },
      {
        onSuccess: () => {
          setEntering(true);
          void getSession().then(startSession).then(onDone, onDone);
        },
        onError: (error) => {
          if (hasErrorCode(error, 'PASSWORD_TOO_WEAK')) {
            setErrors({ password: t('errors.PASSWORD_TOO_WEAK') });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('onboarding.passwordTitle')}>
      <Stack gap="md">
        <Text>{t('onboarding.stepPassword', { email })}</Text>
        {finish.isError ? (
          <FormAlert tone="error">{translateError(t, finish.error)}</FormAlert>
        ) : null}
        <NewPasswordFields
          passwordLabel={t('verifyEmail.password')}
          confirmLabel={t('verifyEmail.confirm')}
          passwordError={errors.password}
          confirmError={errors.confirm}
        />
        <Button type="submit" size="md" loading={finish.isPending || isEntering}>
          {t('onboarding.finish')}
        </Button>
      </Stack>
    </form>
  );
}
