import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { newPasswordSchema } from '@kuvert/shared/auth';
import { PASSWORD_MIN_LENGTH } from '@kuvert/shared/limits';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { notify } from '../../../lib/notify.ts';
import { translateIssue } from '../../../lib/validation.ts';
import { useChangePassword } from '../api/change-password.ts';

interface PasswordErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

export function PasswordChangeForm() {
  const { t } = useTranslation();
  const changeMutation = useChangePassword();
  const [fieldErrors, setFieldErrors] = useState<PasswordErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = readTextField(form, 'current_password');
    const next = readTextField(form, 'new_password');
    const errors = checkPasswords(current, next, readTextField(form, 'confirm_password'));
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    changeMutation.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          formElement.reset();
          notify({ type: 'positive', message: t('profile.password.changed') });
        },
        onError: (error) => {
          if (hasErrorCode(error, 'PASSWORD_WRONG'))
            setFieldErrors({ current: t('errors.PASSWORD_WRONG') });
          if (hasErrorCode(error, 'PASSWORD_TOO_WEAK'))
            setFieldErrors({ next: t('errors.PASSWORD_TOO_WEAK') });
        },
      },
    );
  };

  function checkPasswords(current: string, next: string, confirm: string): PasswordErrors {
    if (current === '') return { current: t('validation.required') };
    const result = newPasswordSchema.safeParse(next);
    const issue = result.success ? undefined : result.error.issues[0];
    if (issue) return { next: translateIssue(t, issue) };
    if (next !== confirm) return { confirm: t('validation.mismatch') };
    return {};
  }

  const isFieldError =
    hasErrorCode(changeMutation.error, 'PASSWORD_WRONG') ||
    hasErrorCode(changeMutation.error, 'PASSWORD_TOO_WEAK');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('profile.password.title')}>
      <Stack gap="md" maw={420}>
        {changeMutation.isError && !isFieldError ? (
          <FormAlert tone="error">{translateError(t, changeMutation.error)}</FormAlert>
        ) : null}
        <PasswordField
          name="current_password"
          label={t('profile.password.current')}
          autoComplete="current-password"
          required
          error={fieldErrors.current}
        />
        <PasswordField
          name="new_password"
          label={t('profile.password.new')}
          description={t('profile.password.hint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          required
          error={fieldErrors.next}
        />
        <PasswordField
          name="confirm_password"
          label={t('profile.password.confirm')}
          autoComplete="new-password"
          required
          error={fieldErrors.confirm}
        />
        <Group>
          <Button type="submit" loading={changeMutation.isPending}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
