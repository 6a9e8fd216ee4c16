import { Button, Checkbox, Group, Text } from '@mantine/core';
import { IconFileZip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UploadSelection } from '../hooks/use-upload-selection.ts';
import classes from './upload-selection-bar.module.css';

interface UploadSelectionBarProps {
  selection: UploadSelection;
  loadedCount: number;
  canWrite: boolean;
  isTrashing: boolean;
  isDownloading: boolean;
  onTrash: () => void;
  onDownload: () => void;
}

/** Select all, how many are selected, and what can be done with them. */
export function UploadSelectionBar({
  selection,
  loadedCount,
  canWrite,
  isTrashing,
  isDownloading,
  onTrash,
  onDownload,
}: UploadSelectionBarProps) {
  const { t } = useTranslation();
  const count = selection.selectedIds.length;
  return (
    <div className={classes.bar}>
      <Checkbox
        checked={selection.allSelected}
        indeterminate={selection.someSelected && !selection.allSelected}
        onChange={selection.toggleAll}
        disabled={loadedCount === 0}
        label={t('uploads.selectAll')}
      />
      <Text
        size="sm"
        c={count > 0 ? undefined : 'dimmed'}
        fw={count > 0 ? 600 : 400}
        aria-live="polite"
      >
        {count > 0 ? t('uploads.selected', { count }) : ''}
      </Text>
      {count > 0 ? (
        <Group gap="xs" className={classes.actions} data-has-selection="">
          <Button
            size="sm"
            variant="light"
            leftSection={<IconFileZip size={18} aria-hidden="true" />}
            onClick={onDownload}
            loading={isDownloading}
          >
            {t('uploads.downloadZip')}
          </Button>
          {canWrite ? (
            <Button
              size="sm"
              variant="light"
              color="red.8"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={onTrash}
              loading={isTrashing}
            >
              {t('uploads.trash')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </div>
  );
}
