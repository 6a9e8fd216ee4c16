import { Button, Checkbox, Text } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TrashSelection } from '../hooks/use-trash-selection.ts';
import classes from './trash-list.module.css';

interface TrashToolbarProps {
  selection: TrashSelection;
  loadedCount: number;
  isRestoring: boolean;
  onRestore: () => void;
  onDelete: () => void;
}

/** Select all loaded entries, how many are selected, and what can be done with them. */
export function TrashToolbar({
  selection,
  loadedCount,
  isRestoring,
  onRestore,
  onDelete,
}: TrashToolbarProps) {
  const { t } = useTranslation();
  const count = selection.selected.length;
  return (
    <div className={classes.toolbar}>
      <Checkbox
        checked={selection.allSelected}
        indeterminate={selection.someSelected && !selection.allSelected}
        onChange={selection.toggleAll}
        disabled={loadedCount === 0}
        aria-label={t('trash.selectAll')}
      />
      <Text
        size="sm"
        c={count > 0 ? undefined : 'dimmed'}
        fw={count > 0 ? 600 : 400}
        aria-live="polite"
      >
        {count > 0 ? t('trash.selected', { count }) : t('trash.selectAll')}
      </Text>
      {count > 0 ? (
        <div
          className={classes.toolbarActions}
          data-has-selection=""
          role="toolbar"
          aria-label={t('trash.bulkLabel')}
        >
          <Button
            size="xs"
            variant="default"
            loading={isRestoring}
            leftSection={<IconRestore size={16} aria-hidden="true" />}
            onClick={onRestore}
          >
            {t('trash.restore')}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrashX size={16} aria-hidden="true" />}
            onClick={onDelete}
          >
            {t('trash.deleteForever')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
