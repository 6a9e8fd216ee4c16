import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { PendingEmailChange } from '@kuvert/shared/email-change';
import { EMAIL_MAX_LENGTH } from '@kuvert/shared/limits';
import { emailSchema } from '@kuvert/shared/auth';
import { useTranslation } from '../../../lib/i18n.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { useRequestEmailChange } from '../api/request-email-change.ts';

interface EmailChangeFormProps {
  currentEmail: string;
  onDone: (pending: PendingEmailChange) => void;
  onCancel: () => void;
}

interface ChangeErrors {
  email?: string;
  password?: string;
}

/** The new address and the current password: a borrowed, unlocked device is not enough. */
export function EmailChangeForm({ currentEmail, onDone, onCancel }: EmailChangeFormProps) {
  const { t } = useTranslation();
  const mutation = useRequestEmailChange();
  const [fieldErrors, setFieldErrors] = useState<ChangeErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = emailSchema.safeParse(readTextField(form, 'new_email'));
    const password = readTextField(form, 'current_password');
    const errors: ChangeErrors = {
      ...(parsed.success ? {} : { email: t('validation.email') }),
      ...(parsed.success && parsed.data === currentEmail
        ? { email: t('errors.EMAIL_CHANGE_SAME_ADDRESS') }
        : {}),
      ...(password === '' ? { password: t('validation.required') } : {}),
    };
    setFieldErrors(errors);
    if (hasErrors(errors) || !parsed.success) return;
    mutation.mutate(
      { new_email: parsed.data, current_password: password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (hasErrorCode(error, 'PASSWORD_WRONG')) {
            setFieldErrors({ password: t('errors.PASSWORD_WRONG') });
          }
          if (hasErrorCode(error, 'EMAIL_CHANGE_SAME_ADDRESS')) {
            setFieldErrors({ email: t('errors.EMAIL_CHANGE_SAME_ADDRESS') });
          }
          if (hasErrorCode(error, 'VALIDATION_FAILED')) {
            setFieldErrors({ email: t('validation.email') });
          }
        },
      },
    );
  };

  const isFieldError =
    hasErrorCode(mutation.error, 'PASSWORD_WRONG') ||
    hasErrorCode(mutation.error, 'EMAIL_CHANGE_SAME_ADDRESS') ||
    hasErrorCode(mutation.error, 'VALIDATION_FAILED');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('emailChange.formTitle')}>
      <Stack gap="md" maw={420}>
        <Text size="sm">{t('emailChange.formIntro')}</Text>
        {mutation.isError && !isFieldError ? (
          <FormAlert tone="error">{translateError(t, mutation.error)}</FormAlert>
        ) : null}
        <TextInput
          name="new_email"
          type="email"
          label={t('emailChange.newEmail')}
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          error={fieldErrors.email}
        />
        <PasswordField
          name="current_password"
          label={t('emailChange.password')}
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {t('emailChange.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('emailChange.cancelForm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
