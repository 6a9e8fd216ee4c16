import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  DraftConflictAlert,
  DraftSaveIndicator,
} from '../../../components/ui/draft-save-status.tsx';
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
        <DraftConflictAlert
          title={t('forms.fill.conflict.title')}
          text={t('forms.fill.conflict.text')}
          reloadLabel={t('forms.fill.conflict.reload')}
          keepMineLabel={t('forms.fill.conflict.keepMine')}
          onReload={onReload}
          onKeepMine={onKeepMine}
        />
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
  return (
    <DraftSaveIndicator status={status} labelOf={(shown) => t(`forms.fill.save.${shown}`)} mt={8} />
  );
}
