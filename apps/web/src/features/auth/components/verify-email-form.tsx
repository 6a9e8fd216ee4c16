import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { EmailVerificationInfo } from '@kuvert/shared/auth';
import { NAME_MAX_LENGTH } from '@kuvert/shared/limits';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { useConfirmEmailVerification } from '../api/confirm-email-verification.ts';
import { useNewPasswordCheck } from '../hooks/use-new-password-check.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

interface VerifyEmailFormProps {
  token: string;
  info: EmailVerificationInfo;
  onDone: () => void;
}

interface SetupErrors {
  firstName?: string;
  password?: string;
  confirm?: string;
}

export function VerifyEmailForm({ token, info, onDone }: VerifyEmailFormProps) {
  const { t } = useTranslation();
  const confirmation = useConfirmEmailVerification();
  const checkNewPassword = useNewPasswordCheck();
  const [fieldErrors, setFieldErrors] = useState<SetupErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!info.needs_password) {
      confirmation.run({ token }, { onSuccess: onDone });
      return;
    }
    const form = new FormData(event.currentTarget);
    const firstName = readTextField(form, 'firstName').trim();
    const password = readTextField(form, 'password');
    const errors: SetupErrors = {
      ...(firstName === '' ? { firstName: t('validation.required') } : {}),
      ...checkNewPassword(password, readTextField(form, 'confirm')),
    };
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    confirmation.run(
      { token, password, first_name: firstName, last_name: readTextField(form, 'lastName').trim() },
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

  const intro = info.needs_password ? 'verifyEmail.setupIntro' : 'verifyEmail.confirmIntro';
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('verifyEmail.title')}>
      <Stack gap="md">
        <Text>{t(intro, { email: info.email })}</Text>
        {confirmation.isError ? (
          <FormAlert tone="error">
            {hasErrorCode(confirmation.error, 'TOKEN_INVALID')
              ? t('verifyEmail.tokenInvalid')
              : translateError(t, confirmation.error)}
          </FormAlert>
        ) : null}
        {info.needs_password ? (
          <>
            <Group grow gap="md" align="flex-start" wrap="wrap">
              <TextInput
                name="firstName"
                defaultValue={info.first_name ?? ''}
                label={t('verifyEmail.firstName')}
                autoComplete="given-name"
                required
                maxLength={NAME_MAX_LENGTH}
                error={fieldErrors.firstName}
                size="md"
                miw={160}
              />
              <TextInput
                name="lastName"
                defaultValue={info.last_name ?? ''}
                label={t('verifyEmail.lastName')}
                autoComplete="family-name"
                maxLength={NAME_MAX_LENGTH}
                size="md"
                miw={160}
              />
            </Group>
            <NewPasswordFields
              passwordLabel={t('verifyEmail.password')}
              confirmLabel={t('verifyEmail.confirm')}
              passwordError={fieldErrors.password}
              confirmError={fieldErrors.confirm}
            />
          </>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={confirmation.isPending}>
          {info.needs_password ? t('verifyEmail.submitSetup') : t('verifyEmail.submitConfirm')}
        </Button>
      </Stack>
    </form>
  );
}
