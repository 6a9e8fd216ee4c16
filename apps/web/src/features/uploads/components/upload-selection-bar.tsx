import { Box, Button, Checkbox, Group, Text } from '@mantine/core';
import { IconFileZip, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UploadSelection } from '../hooks/use-upload-selection.ts';
import classes from './upload-selection-bar.module.css';

/** What another area does with the selected uploads, e.g. "Add to a file" (given by app/). */
export interface UploadSelectionAction {
  id: string;
  label: string;
  /** Where the bottom bar is narrow. */
  shortLabel: string;
  icon: ReactNode;
  /** `done` clears the selection. */
  onSelect: (uploads: UploadSummary[], done: () => void) => void;
  /** Called when the pointer or focus reaches it, e.g. to fetch a dialog's code. */
  onPreload?: () => void;
}

interface UploadSelectionBarProps {
  selection: UploadSelection;
  loadedCount: number;
  canWrite: boolean;
  isTrashing: boolean;
  isDownloading: boolean;
  onTrash: () => void;
  onDownload: () => void;
  /** Shown to those who may write; each gets the selected uploads. */
  selectionActions?: ReadonlyArray<
    Omit<UploadSelectionAction, 'onSelect'> & { onSelect: () => void }
  >;
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
  selectionActions = [],
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
              color="red"
              // Mantine paints "red.8" light as solid red under red text (1.2:1); this reads.
              c="var(--kuvert-color-alert-text)"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={onTrash}
              loading={isTrashing}
            >
              {t('uploads.trash')}
            </Button>
          ) : null}
          {canWrite
            ? selectionActions.map((action) => (
                <Button
                  key={action.id}
                  size="sm"
                  variant="light"
                  leftSection={action.icon}
                  onClick={action.onSelect}
                  onPointerEnter={action.onPreload}
                  onFocus={action.onPreload}
                  aria-haspopup="dialog"
                >
                  <Box component="span" visibleFrom="sm">
                    {action.label}
                  </Box>
                  <Box component="span" hiddenFrom="sm">
                    {action.shortLabel}
                  </Box>
                </Button>
              ))
            : null}
        </Group>
      ) : null}
    </div>
  );
}
