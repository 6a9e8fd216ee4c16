import { ActionIcon, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FormDraftSummary } from '@kuvert/shared/forms';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { paths } from '../../../config/paths.ts';
import { formatListDate } from '../../../lib/dates.ts';
import { translateError } from '../../../lib/errors.ts';
import { formatDateTime, useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteFormDraft } from '../api/delete-form-draft.ts';
import { ProviderLine } from './form-card.tsx';

interface FormDraftListProps {
  drafts: readonly FormDraftSummary[];
  label: string;
  /** Viewers may look, not delete. */
  canDelete: boolean;
}

/** Forms begun and not sent: how far along, when last saved, and the way back in. */
export function FormDraftList({ drafts, label, canDelete }: FormDraftListProps) {
  const { t } = useTranslation();
  const deleteDraft = useDeleteFormDraft();
  const [toDelete, setToDelete] = useState<FormDraftSummary | null>(null);
  return (
    <>
      <Stack
        component="ul"
        aria-label={label}
        gap="sm"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {drafts.map((draft) => (
          <Paper
            key={draft.id}
            component="li"
            withBorder
            radius="lg"
            px={{ base: 'sm', sm: 'md' }}
            py="sm"
            data-draft-id={draft.id}
            aria-label={draft.form.title}
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={6} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {draft.form.title}
                </Text>
                <ProviderLine provider={draft.form.provider} size={22} isLink={false} />
                <DraftProgress draft={draft} />
                <Text size="xs" c="dimmed">
                  <time dateTime={draft.updated_at} title={formatDateTime(draft.updated_at)}>
                    {t('forms.browse.drafts.saved', { date: formatListDate(draft.updated_at) })}
                  </time>
                  {draft.created_by_name
                    ? ` · ${t('forms.browse.drafts.by', { name: draft.created_by_name })}`
                    : ''}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button
                  component={Link}
                  to={paths.formDraft(draft.form.provider.id, draft.form.id, draft.id)}
                  variant="light"
                  rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                  aria-label={t('forms.browse.drafts.continueNamed', { title: draft.form.title })}
                >
                  {t('forms.browse.drafts.continue')}
                </Button>
                {canDelete ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="lg"
                    onClick={() => setToDelete(draft)}
                    aria-label={t('forms.browse.drafts.delete', { title: draft.form.title })}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                ) : null}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      {canDelete ? (
        <ConfirmDialog
          opened={toDelete !== null}
          title={t('forms.browse.drafts.deleteTitle')}
          message={t('forms.browse.drafts.deleteText', { title: toDelete?.form.title ?? '' })}
          confirmLabel={t('forms.browse.drafts.deleteConfirm')}
          cancelLabel={t('dialog.cancel')}
          isDestructive
          isPending={deleteDraft.isPending}
          onClose={() => setToDelete(null)}
          onConfirm={() => {
            if (toDelete === null) return;
            const { title } = toDelete.form;
            deleteDraft.mutate(toDelete.id, {
              onSuccess: () => {
                setToDelete(null);
                notify({ type: 'positive', message: t('forms.browse.drafts.deleted', { title }) });
              },
              onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
            });
          }}
        />
      ) : null}
    </>
  );
}

/** "3 of 7 fields answered", with a bar for the eye (the words are what is read out). */
function DraftProgress({ draft }: { draft: FormDraftSummary }) {
  const { t } = useTranslation();
  const share = draft.field_count === 0 ? 0 : (draft.answered / draft.field_count) * 100;
  return (
    <Group gap="sm" wrap="nowrap" maw={360}>
      <Progress value={share} size="sm" radius="xl" style={{ flex: 1 }} aria-hidden="true" />
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {t('forms.browse.drafts.answered', {
          count: draft.field_count,
          answered: draft.answered,
        })}
      </Text>
    </Group>
  );
}
