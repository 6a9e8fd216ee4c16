import { useTranslation } from '../../../lib/i18n.ts';
import { newPasswordSchema } from '@kuvert/shared/auth';
import { translateIssue } from '../../../lib/validation.ts';

export interface NewPasswordErrors {
  password?: string;
  confirm?: string;
}

/** Client-side check of a new password and its repetition (PASSWORD_MIN_LENGTH etc.). */
export function useNewPasswordCheck(): (password: string, confirm: string) => NewPasswordErrors {
  const { t } = useTranslation();
  return (password, confirm) => {
    const result = newPasswordSchema.safeParse(password);
    const firstIssue = result.success ? undefined : result.error.issues[0];
    if (firstIssue) return { password: translateIssue(t, firstIssue) };
    if (password !== confirm) return { confirm: t('validation.mismatch') };
    return {};
  };
}
