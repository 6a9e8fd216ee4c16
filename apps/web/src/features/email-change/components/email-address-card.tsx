import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-status.tsx';
import { translateError } from '../../../lib/errors.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCancelEmailChange } from '../api/cancel-email-change.ts';
import { useEmailChange } from '../api/get-email-change.ts';
import { useResendEmailChange } from '../api/resend-email-change.ts';
import { EmailChangeForm } from './email-change-form.tsx';

interface EmailAddressCardProps {
  email: string;
}

/** The login's address, the change waiting for confirmation, and the form to ask for one. */
export function EmailAddressCard({ email }: EmailAddressCardProps) {
  const { t } = useTranslation();
  const statusQuery = useEmailChange();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const [isFormOpen, setFormOpen] = useState(false);

  if (statusQuery.isPending) return <LoadingState />;
  if (statusQuery.isError) {
    return <ErrorState error={statusQuery.error} onRetry={() => void statusQuery.refetch()} />;
  }
  const { pending } = statusQuery.data;
  const actionError = resend.error ?? cancel.error;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('emailChange.current')}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="current-email">
          {email}
        </Text>
      </Stack>
      {pending ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconMailForward aria-hidden="true" />}
          title={t('emailChange.pending', { email: pending.new_email })}
          role="status"
          styles={{ title: { overflowWrap: 'anywhere' } }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t('emailChange.pendingDetail', {
                email: pending.new_email,
                date: formatDateTime(pending.expires_at),
              })}
            </Text>
            {actionError ? (
              <FormAlert tone="error">{translateError(t, actionError)}</FormAlert>
            ) : null}
            <Group gap="sm">
              <Button
                size="xs"
                variant="default"
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: (renewed) =>
                      notify({
                        type: 'positive',
                        message: t('emailChange.resent', { email: renewed.new_email }),
                      }),
                  })
                }
              >
                {t('emailChange.resend')}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () =>
                      notify({ type: 'positive', message: t('emailChange.cancelled') }),
                  })
                }
              >
                {t('emailChange.cancelPending')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {isFormOpen ? (
        <EmailChangeForm
          currentEmail={email}
          onCancel={() => setFormOpen(false)}
          onDone={(requested) => {
            setFormOpen(false);
            notify({
              type: 'positive',
              message: t('emailChange.requested', { email: requested.new_email }),
            });
          }}
        />
      ) : (
        <Group>
          <Button variant="default" onClick={() => setFormOpen(true)}>
            {t('emailChange.change')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
