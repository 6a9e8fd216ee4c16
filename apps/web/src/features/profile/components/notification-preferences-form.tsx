import { Stack, Switch } from '@mantine/core';
import type { NotificationPreferences } from '@kuvert/shared/profile';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.ts';

const preferences = [
  ['email_on_new_letter', 'newLetter'],
  ['email_due_date_reminders', 'dueDates'],
] as const;

/** E-mail notices, saved as soon as a switch is flipped. */
export function NotificationPreferencesForm() {
  const { t } = useTranslation();
  const preferencesQuery = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  if (preferencesQuery.isPending) return <LoadingState />;
  if (preferencesQuery.isError) {
    return (
      <ErrorState error={preferencesQuery.error} onRetry={() => void preferencesQuery.refetch()} />
    );
  }
  const current = preferencesQuery.data;
  const change = (field: keyof NotificationPreferences, value: boolean) =>
    update.mutate(
      { ...current, [field]: value },
      {
        onSuccess: () => notify({ type: 'positive', message: t('profile.notifications.saved') }),
        onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
      },
    );

  return (
    <Stack gap="md">
      {preferences.map(([field, key]) => (
        <Switch
          key={field}
          checked={current[field]}
          onChange={(event) => change(field, event.currentTarget.checked)}
          label={t(`profile.notifications.${key}.label`)}
          description={t(`profile.notifications.${key}.description`)}
          size="md"
        />
      ))}
    </Stack>
  );
}
