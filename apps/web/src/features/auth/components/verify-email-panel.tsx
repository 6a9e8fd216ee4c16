import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { useEmailVerification } from '../api/get-email-verification.ts';
import { VerifyEmailForm } from './verify-email-form.tsx';

interface VerifyEmailPanelProps {
  token: string;
  loginHref: string;
  onDone: () => void;
}

/** Reads the link first, then asks only for what this verification needs. */
export function VerifyEmailPanel({ token, loginHref, onDone }: VerifyEmailPanelProps) {
  const { t } = useTranslation();
  const verification = useEmailVerification(token);

  if (token === '') return <FormAlert tone="error">{t('verifyEmail.missingToken')}</FormAlert>;

  if (verification.status === 'pending') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('verifyEmail.checking')}</Text>
      </Group>
    );
  }

  if (verification.status === 'error') {
    const isInvalid = hasErrorCode(verification.error, 'TOKEN_INVALID');
    return (
      <Stack gap="md">
        <FormAlert
          tone="error"
          {...(isInvalid ? { title: t('verifyEmail.tokenInvalidTitle') } : {})}
        >
          {isInvalid ? t('verifyEmail.tokenInvalid') : translateError(t, verification.error)}
        </FormAlert>
        <Anchor component={Link} to={loginHref} fw={600}>
          {t('verifyEmail.toLogin')}
        </Anchor>
      </Stack>
    );
  }

  return <VerifyEmailForm token={token} info={verification.info} onDone={onDone} />;
}
