import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { loadAuthContract } from '../../../lib/contract.ts';
import { hasErrorCode, translateError } from '../../../lib/errors.ts';
import { hasErrors, readTextField } from '../../../lib/form-data.ts';
import { NetworkError } from '../../../lib/http.ts';
import { serverFieldErrors, validateFields } from '../../../lib/validation.ts';
import type { FieldErrors } from '../../../lib/validation.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

interface ForgotPasswordFormProps {
  onBackToLogin: () => void;
}

/** The answer is the same for known and unknown addresses, so is this form's. */
export function ForgotPasswordForm({ onBackToLogin }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const resetRequest = useRequestPasswordReset();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'email'>>({});
  const [isSent, setIsSent] = useState(false);

  const submit = async (form: FormData) => {
    const { passwordResetRequestSchema } = await loadAuthContract();
    const values = { email: readTextField(form, 'email') };
    const errors = validateFields(t, passwordResetRequestSchema, values);
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    resetRequest.run(values, {
      onSuccess: () => setIsSent(true),
      onError: (error) => {
        const serverErrors = serverFieldErrors(t, error, ['email']);
        setFieldErrors(serverErrors);
        // Only trouble the user can act on is shown; anything else reads as "sent".
        const isActionable =
          error instanceof NetworkError ||
          hasErrors(serverErrors) ||
          hasErrorCode(error, 'RATE_LIMITED');
        if (!isActionable) setIsSent(true);
      },
    });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(new FormData(event.currentTarget));
  };

  if (isSent) {
    return (
      <Stack gap="md">
        <FormAlert tone="success">{t('forgotPassword.sent')}</FormAlert>
        <Button variant="light" onClick={onBackToLogin}>
          {t('forgotPassword.backToLogin')}
        </Button>
      </Stack>
    );
  }

  const showError = resetRequest.isError && !hasErrors(fieldErrors);
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('forgotPassword.title')}>
      <Stack gap="md">
        <Text>{t('forgotPassword.intro')}</Text>
        {showError ? (
          <FormAlert tone="error">{translateError(t, resetRequest.error)}</FormAlert>
        ) : null}
        <TextInput
          name="email"
          type="email"
          label={t('forgotPassword.email')}
          autoComplete="email"
          inputMode="email"
          required
          error={fieldErrors.email}
          size="md"
        />
        <Button type="submit" size="md" fullWidth loading={resetRequest.isPending}>
          {t('forgotPassword.submit')}
        </Button>
        <Button variant="subtle" onClick={onBackToLogin}>
          {t('forgotPassword.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}
