import { Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { PASSWORD_MIN_LENGTH } from '@kuvert/shared/limits';

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  passwordError: string | undefined;
  confirmError: string | undefined;
}

/** New password + repetition, named `password` and `confirm` in the form. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  passwordError,
  confirmError,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PasswordField
        name="password"
        label={passwordLabel}
        description={t('verifyEmail.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        error={passwordError}
        size="md"
      />
      <PasswordField
        name="confirm"
        label={confirmLabel}
        autoComplete="new-password"
        required
        error={confirmError}
        size="md"
      />
    </Stack>
  );
}
