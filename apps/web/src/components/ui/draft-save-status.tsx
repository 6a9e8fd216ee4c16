import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { GroupProps } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { AutosaveStatus } from '../../lib/use-versioned-autosave.ts';

interface DraftSaveIndicatorProps {
  status: AutosaveStatus;
  /** The words for a status (each area says it its own way). */
  labelOf: (status: Exclude<AutosaveStatus, 'idle'>) => string;
  mt?: GroupProps['mt'];
}

/** Where the draft stands: saving, saved, or not saved yet (tried again). */
export function DraftSaveIndicator({ status, labelOf, mt }: DraftSaveIndicatorProps) {
  if (status === 'idle') return null;
  return (
    <Group gap={6} role="status" aria-live="polite" data-save-status={status} mt={mt}>
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
        {labelOf(status)}
      </Text>
    </Group>
  );
}

interface DraftConflictAlertProps {
  title: string;
  text: string;
  reloadLabel: string;
  keepMineLabel: string;
  onReload: () => void;
  onKeepMine: () => void;
}

/** The draft was saved elsewhere meanwhile: load that version, or keep what is here. */
export function DraftConflictAlert({
  title,
  text,
  reloadLabel,
  keepMineLabel,
  onReload,
  onKeepMine,
}: DraftConflictAlertProps) {
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      title={title}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onReload}>
            {reloadLabel}
          </Button>
          <Button size="xs" variant="light" onClick={onKeepMine}>
            {keepMineLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
