import { Button, Group, Stack, Text } from '@mantine/core';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useCancelDeletion } from '../api/cancel-deletion.ts';
import { formatDeletionDate, type DeletionPending } from './deletion-date.ts';

interface DeletionPendingPanelProps {
  pending: DeletionPending;
  onCancelled: () => void;
  onLogOut: () => void;
}

/** Shown instead of the portal to the right password while the account awaits deletion. */
export function DeletionPendingPanel({
  pending,
  onCancelled,
  onLogOut,
}: DeletionPendingPanelProps) {
  const { t } = useTranslation();
  const cancel = useCancelDeletion();
  const date = formatDeletionDate(pending.deletionDueAt);
  return (
    <Stack gap="lg">
      <PageTitle>{t('deletionPending.title')}</PageTitle>
      {cancel.isError ? (
        <FormAlert tone="error">{translateError(t, cancel.error)}</FormAlert>
      ) : null}
      <Text fw={600} data-testid="deletion-date">
        {t('deletionPending.pending', { date })}
      </Text>
      <Text c="dimmed" size="sm">
        {t('deletionPending.hint')}
      </Text>
      <Group grow preventGrowOverflow={false} wrap="wrap">
        <Button
          size="md"
          loading={cancel.isPending}
          onClick={() =>
            cancel.run(pending.cancelToken, {
              onSuccess: () => {
                notify({ type: 'positive', message: t('deletionPending.cancelled') });
                onCancelled();
              },
            })
          }
        >
          {t('deletionPending.cancel')}
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={() => {
            notify({ type: 'info', message: t('deletionPending.loggedOut', { date }) });
            onLogOut();
          }}
        >
          {t('deletionPending.logOut')}
        </Button>
      </Group>
    </Stack>
  );
}
