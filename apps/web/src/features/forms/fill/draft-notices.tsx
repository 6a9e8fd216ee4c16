import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { FormDraftSaveStatus } from './use-form-draft-autosave.ts';

interface DraftNoticesProps {
  status: FormDraftSaveStatus;
  /** The draft was started on a version of the form that has been replaced since. */
  isOlderVersion: boolean;
  problem: string | null;
  onReload: () => void;
  onKeepMine: () => void;
  onMove: () => void;
}

/** What the person must know about their draft: saved elsewhere meanwhile, or a new version. */
export function DraftNotices({
  status,
  isOlderVersion,
  problem,
  onReload,
  onKeepMine,
  onMove,
}: DraftNoticesProps) {
  const { t } = useTranslation();
  return (
    <>
      {status === 'conflict' ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          title={t('forms.fill.conflict.title')}
          role="alert"
        >
          <Stack gap="xs">
            <Text size="sm">{t('forms.fill.conflict.text')}</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={onReload}>
                {t('forms.fill.conflict.reload')}
              </Button>
              <Button size="xs" variant="light" onClick={onKeepMine}>
                {t('forms.fill.conflict.keepMine')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {isOlderVersion ? (
        <Alert
          color="blue"
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          title={t('forms.fill.version.title')}
          data-version-note
        >
          <Stack gap="xs">
            <Text size="sm">{t('forms.fill.version.text')}</Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={onMove} disabled={status === 'conflict'}>
                {t('forms.fill.version.move')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {problem === null ? null : <FormAlert tone="error">{problem}</FormAlert>}
    </>
  );
}

/** Where the draft stands: saving, saved, or not saved yet (tried again). */
export function SaveIndicator({ status }: { status: FormDraftSaveStatus }) {
  const { t } = useTranslation();
  if (status === 'idle') return null;
  return (
    <Group gap={6} role="status" aria-live="polite" data-save-status={status} mt={8}>
      {status === 'saving' ? <Loader size={14} aria-hidden="true" /> : null}
      {status === 'saved' ? (
        <IconCheck size={16} color="var(--kuvert-color-success-text)" aria-hidden="true" />
      ) : null}
      <Text
        size="sm"
        c={
          status === 'failed' || status === 'conflict' ? 'var(--kuvert-color-alert-text)' : 'dimmed'
        }
      >
        {t(`forms.fill.save.${status}`)}
      </Text>
    </Group>
  );
}
