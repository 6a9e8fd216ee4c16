import { PasswordInput } from '@mantine/core';
import type { PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';

/** Mantine's password input with its show/hide toggle named in the user's language. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('common.showPassword') }}
      {...props}
    />
  );
}
