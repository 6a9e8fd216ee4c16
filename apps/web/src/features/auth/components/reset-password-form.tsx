import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@kuvert/shared/limits';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { LoadingState } from '../../../components/ui/query-status.tsx';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { usePasswordReset } from '../api/get-password-reset.ts';
import { useNewPasswordCheck } from '../hooks/use-new-password-check.ts';
import type { NewPasswordErrors } from '../hooks/use-new-password-check.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

interface ResetPasswordFormProps {
  /** base64url token from the e-mailed link, passed on as it is. */
  token: string;
  requestNewLinkHref: string;
  onDone: () => void;
}

export function ResetPasswordForm({ token, requestNewLinkHref, onDone }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const confirmation = useConfirmPasswordReset();
  const checkNewPassword = useNewPasswordCheck();
  const [fieldErrors, setFieldErrors] = useState<NewPasswordErrors>({});
  // A link that cannot work says so before anyone types a new password twice.
  const link = usePasswordReset(token);
  if (link.status === 'pending') return <LoadingState />;
  const isLinkRefused = link.status === 'error' && hasErrorCode(link.error, 'TOKEN_INVALID');

  if (isLinkRefused || hasErrorCode(confirmation.error, 'TOKEN_INVALID')) {
    return (
      <Stack gap="md">
        <FormAlert tone="error" title={t('resetPassword.tokenInvalidTitle')}>
          {t('resetPassword.tokenInvalid')}
        </FormAlert>
        <Anchor component={Link} to={requestNewLinkHref} fw={600}>
          {t('resetPassword.requestNew')}
        </Anchor>
      </Stack>
    );
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = readTextField(form, 'password');
    const errors = checkNewPassword(password, readTextField(form, 'confirm'));
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    confirmation.run(
      { token, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (hasErrorCode(error, 'PASSWORD_TOO_WEAK')) {
            setFieldErrors({ password: t('errors.PASSWORD_TOO_WEAK') });
          }
        },
      },
    );
  };

  const showError = confirmation.isError && !hasErrorCode(confirmation.error, 'PASSWORD_TOO_WEAK');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('resetPassword.title')}>
      <Stack gap="md">
        <Text>{t('resetPassword.intro', { min: PASSWORD_MIN_LENGTH })}</Text>
        {link.status === 'success' ? (
          <Text size="sm" c="dimmed">
            {t('resetPassword.forAccount', { email: link.info.email })}
          </Text>
        ) : null}
        {showError ? (
          <FormAlert tone="error">{translateError(t, confirmation.error)}</FormAlert>
        ) : null}
        <NewPasswordFields
          passwordLabel={t('resetPassword.password')}
          confirmLabel={t('resetPassword.confirm')}
          passwordError={fieldErrors.password}
          confirmError={fieldErrors.confirm}
        />
        <Button type="submit" size="md" fullWidth loading={confirmation.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
