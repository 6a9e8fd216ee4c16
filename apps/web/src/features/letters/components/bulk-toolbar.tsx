import { Badge, Box, Button, Checkbox, Text, Tooltip } from '@mantine/core';
import type { MantineBreakpoint } from '@mantine/core';
import {
  IconEyeOff,
  IconLock,
  IconMailOpened,
  IconRestore,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LetterView } from '@kuvert/shared/letters';
import { useTranslation } from '../../../lib/i18n.ts';
import type { LetterSelection } from '../hooks/use-letter-selection.ts';
import { MoveMenu } from './move-menu.tsx';
import type { MoveTarget } from './move-menu.tsx';
import classes from './letter-list.module.css';

/** What another area does with the selected letters, e.g. "Add to a file" (given by app/). */
export interface SelectionAction {
  id: string;
  label: string;
  /** Where the bottom bar is narrow. */
  shortLabel: string;
  icon: ReactNode;
  onSelect: () => void;
  /** Called when the pointer or focus reaches it, e.g. to fetch a dialog's code. */
  onPreload?: () => void;
}

interface BulkToolbarProps {
  view: LetterView;
  selection: LetterSelection;
  loadedCount: number;
  canWrite: boolean;
  folders: readonly MoveTarget[];
  currentFolderId: string | null | undefined;
  isPending: boolean;
  onAction: (action: 'mark_read' | 'mark_unread' | 'trash' | 'restore' | 'delete_forever') => void;
  onMove: (folderId: string | null) => void;
  selectionActions?: readonly SelectionAction[];
  /** Things of other kinds selected too (uploads among search results). */
  otherCount?: number;
}

/** Select all, and what can be done with the selection. */
export function BulkToolbar({
  view,
  selection,
  loadedCount,
  canWrite,
  folders,
  currentFolderId,
  isPending,
  onAction,
  onMove,
  selectionActions = [],
  otherCount = 0,
}: BulkToolbarProps) {
  const { t } = useTranslation();
  if (!canWrite) {
    return (
      <div className={classes.toolbar}>
        <Tooltip label={t('letters.readOnly.tooltip')} multiline w={260}>
          <Badge
            variant="light"
            color="gray"
            c="var(--kuvert-color-quiet-text)"
            radius="sm"
            tt="none"
            leftSection={<IconLock size={14} aria-hidden="true" />}
            tabIndex={0}
          >
            {t('letters.readOnly.badge')}
          </Badge>
        </Tooltip>
        <Text size="sm" c="dimmed">
          {t('letters.readOnly.tooltip')}
        </Text>
      </div>
    );
  }
  const count = selection.selectedIds.length + otherCount;
  const isTrash = view === 'trash';
  // Sent letters are neither read nor unread, and stay out of folders; uploads are not letters.
  const hasMailboxActions = view !== 'outbox' && otherCount === 0;
  return (
    <div className={classes.toolbar}>
      <Checkbox
        checked={selection.allSelected}
        indeterminate={selection.someSelected && !selection.allSelected}
        onChange={selection.toggleAll}
        disabled={loadedCount === 0}
        aria-label={t('letters.bulk.selectAll')}
      />
      <Text
        size="sm"
        c={count > 0 ? undefined : 'dimmed'}
        fw={count > 0 ? 600 : 400}
        aria-live="polite"
      >
        {count > 0 ? t('letters.bulk.selected', { count }) : t('letters.bulk.selectAll')}
      </Text>
      {count > 0 ? (
        <div
          className={classes.actions}
          data-has-selection
          role="toolbar"
          aria-label={t('letters.bulk.label')}
        >
          {isTrash ? (
            <>
              <Button
                size="xs"
                variant="default"
                loading={isPending}
                leftSection={<IconRestore size={16} aria-hidden="true" />}
                onClick={() => onAction('restore')}
              >
                {t('letters.actions.restore')}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                loading={isPending}
                leftSection={<IconTrashX size={16} aria-hidden="true" />}
                onClick={() => onAction('delete_forever')}
              >
                {t('letters.actions.deleteForever')}
              </Button>
            </>
          ) : hasMailboxActions ? (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMailOpened size={16} aria-hidden="true" />}
                onClick={() => onAction('mark_read')}
                // Named in full at every width; the short label shown is part of the name.
                aria-label={t('letters.actions.markRead')}
              >
                <ResponsiveLabel
                  long={t('letters.actions.markRead')}
                  short={t('letters.actions.markReadShort')}
                  longFrom={longReadLabelsFrom}
                />
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEyeOff size={16} aria-hidden="true" />}
                onClick={() => onAction('mark_unread')}
                aria-label={t('letters.actions.markUnread')}
              >
                <ResponsiveLabel
                  long={t('letters.actions.markUnread')}
                  short={t('letters.actions.markUnreadShort')}
                  longFrom={longReadLabelsFrom}
                />
              </Button>
              <MoveMenu folders={folders} currentFolderId={currentFolderId} onMove={onMove} />
              <Button
                size="xs"
                variant="default"
                loading={isPending}
                leftSection={<IconTrash size={16} aria-hidden="true" />}
                onClick={() => onAction('trash')}
              >
                {t('letters.actions.trash')}
              </Button>
              {selectionActions.map((action) => (
                <SelectionActionButton key={action.id} action={action} />
              ))}
            </>
          ) : (
            selectionActions.map((action) => (
              <SelectionActionButton key={action.id} action={action} />
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}

function SelectionActionButton({ action }: { action: SelectionAction }) {
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={action.icon}
      onClick={action.onSelect}
      onPointerEnter={action.onPreload}
      onFocus={action.onPreload}
      aria-haspopup="dialog"
    >
      <ResponsiveLabel long={action.label} short={action.shortLabel} />
    </Button>
  );
}

/**
 * "Mark read" and "Mark unread" say "Read" and "Unread" but on wide screens: with actions of
 * other areas beside them, the long German labels would push the bar onto a second row.
 */
const longReadLabelsFrom = 'xl';

/** The full label from `longFrom` up; a short one where the bar is narrow. */
function ResponsiveLabel({
  long,
  short,
  longFrom = 'sm',
}: {
  long: string;
  short: string;
  longFrom?: MantineBreakpoint;
}) {
  return (
    <>
      <Box component="span" visibleFrom={longFrom}>
        {long}
      </Box>
      <Box component="span" hiddenFrom={longFrom}>
        {short}
      </Box>
    </>
  );
}
