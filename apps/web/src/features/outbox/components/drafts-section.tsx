import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LetterDraftSummary } from '@kuvert/shared/outbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { paths } from '../../../config/paths.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { translateError } from '../../../lib/errors.ts';
import { useDeleteDraft } from '../api/delete-draft.ts';
import { useDrafts } from '../api/get-drafts.ts';

/** The account's unsent letters, above the sent ones: open one to go on writing. */
export function DraftsSection({
  accountId,
  canWrite,
}: {
  accountId: string | null;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const drafts = useDrafts(accountId);
  const deleteDraft = useDeleteDraft();
  const [toDelete, setToDelete] = useState<LetterDraftSummary | null>(null);
  if (drafts.isError) {
    return <ErrorState error={drafts.error} onRetry={() => void drafts.refetch()} />;
  }
  const items = drafts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="outbox-drafts">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="outbox-drafts">
          {t('outbox.drafts.title', { count: items.length })}
        </Title>
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((draft) => {
            const subject =
              draft.subject.trim() === '' ? t('outbox.drafts.noSubject') : draft.subject;
            const recipients =
              draft.recipient_names.filter((name) => name.trim() !== '').join(', ') ||
              t('outbox.drafts.noRecipients');
            return (
              <Paper
                key={draft.id}
                component="li"
                withBorder
                radius="md"
                px="md"
                py="sm"
                data-draft-id={draft.id}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={paths.composeDraft(draft.id)}
                      fw={600}
                      size="sm"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {subject}
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('outbox.drafts.to', { names: recipients })} ·{' '}
                      <time dateTime={draft.updated_at} title={formatDateTime(draft.updated_at)}>
                        {t('outbox.drafts.saved', { date: formatListDate(draft.updated_at) })}
                      </time>
                      {draft.created_by_name ? ` · ${draft.created_by_name}` : ''}
                    </Text>
                  </Stack>
                  {canWrite ? (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => setToDelete(draft)}
                      aria-label={t('outbox.drafts.delete', { subject })}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  ) : null}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('outbox.drafts.deleteTitle')}
        message={t('outbox.drafts.deleteText')}
        confirmLabel={t('outbox.drafts.deleteConfirm')}
        cancelLabel={t('dialog.cancel')}
        isDestructive
        isPending={deleteDraft.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete === null) return;
          deleteDraft.mutate(toDelete.id, {
            onSuccess: () => setToDelete(null),
            onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
          });
        }}
      />
    </section>
  );
}
