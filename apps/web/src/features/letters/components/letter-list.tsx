import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Fragment, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LetterSummary, LetterView } from '@kuvert/shared/letters';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/query-status.tsx';
import { InfiniteListFooter } from '../../../components/ui/infinite-list-footer.tsx';
import type { InfiniteListFooterProps } from '../../../components/ui/infinite-list-footer.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useKeyboardShortcuts } from '../../../lib/keyboard.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useDeferredData } from '../../../lib/use-deferred-data.ts';
import { flattenLetterPages, useLetters } from '../api/get-letters.ts';
import type { LetterFilter } from '../api/get-letters.ts';
import { useLetterListState } from '../hooks/letter-list-state.ts';
import { useLetterActions } from '../hooks/use-letter-actions.ts';
import { useLetterSelection } from '../hooks/use-letter-selection.ts';
import type { LetterSelection } from '../hooks/use-letter-selection.ts';
import { useRowsToRender } from '../hooks/use-rows-to-render.ts';
import { BulkToolbar } from './bulk-toolbar.tsx';
import type { SelectionAction } from './bulk-toolbar.tsx';
import { LetterListSkeleton } from './letter-list-skeleton.tsx';
import { LetterRow, letterHref } from './letter-row.tsx';
import type { MoveTarget } from './move-menu.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import classes from './letter-list.module.css';

/** What another area does with selected letters (from app/); `done` clears the selection. */
export interface LetterSelectionAction extends Omit<SelectionAction, 'onSelect'> {
  onSelect: (letters: LetterSummary[], done: () => void) => void;
}

interface LetterListProps {
  filter: LetterFilter;
  /** Names the list for screen readers, e.g. "Inbox". */
  label: string;
  folders: readonly MoveTarget[];
  emptyState: ReactNode;
  /** Lists without bulk actions have no checkboxes. */
  isSelectable?: boolean;
  selectionActions?: readonly LetterSelectionAction[];
}

/** A mailbox list: newest first, loaded page by page as the user scrolls. */
export function LetterList({
  filter,
  label,
  folders,
  emptyState,
  isSelectable = true,
  selectionActions,
}: LetterListProps) {
  const { accountId, role } = useSelectedAccount();
  const lettersQuery = useLetters(accountId, filter);
  const data = useDeferredData(lettersQuery.data, `${accountId ?? ''}|${JSON.stringify(filter)}`);
  const letters = useMemo(() => flattenLetterPages(data), [data]);
  const linkState = useLetterListState(filter);

  if (lettersQuery.isError) {
    return <ErrorState error={lettersQuery.error} onRetry={() => void lettersQuery.refetch()} />;
  }
  // Until the session tells the user's role, rows would gain their checkboxes late.
  if (data === undefined || (isSelectable && role === null)) {
    return (
      <div className={classes.frame}>
        <LetterListSkeleton />
      </div>
    );
  }
  if (letters.length === 0) return <div className={classes.frame}>{emptyState}</div>;
  return (
    <LoadedLetterList
      letters={letters}
      view={filter.view}
      currentFolderId={
        filter.view === 'inbox' ? null : filter.view === 'folder' ? filter.folderId : undefined
      }
      label={label}
      folders={folders}
      isSelectable={isSelectable}
      selectionActions={selectionActions}
      pages={lettersQuery}
      linkState={linkState}
    />
  );
}

interface LoadedLetterListProps {
  letters: readonly LetterSummary[];
  /** Decides the bulk actions offered: the trash restores, other lists trash. */
  view: LetterView;
  /** The folder the letters are in (null: the inbox), left out of "Move to". */
  currentFolderId: string | null | undefined;
  label: string;
  folders: readonly MoveTarget[];
  isSelectable: boolean;
  pages: InfiniteListFooterProps;
  /** Shown in each row in place of the excerpt, e.g. where a search matched. */
  renderDetail?: (letter: LetterSummary) => ReactNode;
  /**
   * Rows of other things in the same list (`<li>`s), e.g. uploads among search results: those
   * before a letter's row, and those after the last one. The keyboard's j/k moves over letters.
   */
  renderRowsBefore?: (letter: LetterSummary) => ReactNode;
  rowsAfter?: ReactNode;
  selectionActions?: readonly LetterSelectionAction[] | undefined;
  /**
   * Rows of another kind selectable with the letters (uploads among search results): "Select
   * all" takes them too, `done` clears them, and the mailbox's own actions step aside for them.
   */
  otherSelection?: { selection: LetterSelection; loadedCount: number } | undefined;
  /**
   * Goes with the links to the letters: the list they come from, so their pages step through
   * it (next and previous).
   */
  linkState?: unknown;
}

/**
 * Letters as rows, more pages as the user scrolls, multi-select with bulk actions, and the
 * keyboard (j/k, Enter, x, #, ?). Mailbox lists and search results both show these rows.
 */
export function LoadedLetterList({
  letters,
  view,
  currentFolderId,
  label,
  folders,
  isSelectable,
  pages,
  renderDetail,
  renderRowsBefore,
  rowsAfter,
  selectionActions = [],
  otherSelection,
  linkState,
}: LoadedLetterListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSelectedAccount();
  const canWrite = can('organize');
  const ids = useMemo(() => letters.map((letter) => letter.id), [letters]);
  const rowCount = useRowsToRender(letters.length);
  const isEveryRowShown = rowCount === letters.length;
  const selection = useLetterSelection(ids);
  const actions = useLetterActions();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const [isDeleteConfirmOpen, setIsDeleteConfirmOpen] = useState(false);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;

  const canSelect = isSelectable && canWrite;
  const toolbarSelection = withOther(selection, letters.length, otherSelection);
  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);

  const focusRow = (index: number) => {
    const letter = letters[Math.max(0, Math.min(index, letters.length - 1))];
    if (!letter) return;
    setActiveId(letter.id);
    document.querySelector<HTMLElement>(`[data-letter-link="${CSS.escape(letter.id)}"]`)?.focus();
  };
  const targetIds = () => {
    if (selection.selectedIds.length > 0) return selection.selectedIds;
    return activeId !== null && activeIndex >= 0 ? [activeId] : [];
  };
  const runAction = (
    action: 'mark_read' | 'mark_unread' | 'trash' | 'restore' | 'delete_forever',
  ) => {
    if (action === 'delete_forever') {
      setIsDeleteConfirmOpen(true);
      return;
    }
    actions.run(action, targetIds(), { onDone: selection.clear });
  };

  useKeyboardShortcuts({
    j: () => focusRow(activeIndex + 1),
    k: () => focusRow(activeIndex <= 0 ? 0 : activeIndex - 1),
    Enter: (event) => {
      // A focused link, button or checkbox does its own thing with Enter.
      if (event.target instanceof HTMLElement && event.target.closest('a, button, input'))
        return false;
      const letter = letters[activeIndex];
      if (!letter) return false;
      void navigate(letterHref(letter), { state: linkState });
    },
    x: () => {
      if (canSelect && activeId !== null && activeIndex >= 0) selection.toggle(activeId);
    },
    '#': () => {
      if (canSelect && view !== 'trash' && view !== 'outbox') runAction('trash');
    },
    '?': () => setIsHelpOpen(true),
  });

  return (
    <div className={classes.frame}>
      {isSelectable ? (
        <BulkToolbar
          view={view}
          selection={toolbarSelection}
          loadedCount={letters.length + (otherSelection?.loadedCount ?? 0)}
          otherCount={otherSelection?.selection.selectedIds.length ?? 0}
          canWrite={canWrite}
          folders={folders}
          currentFolderId={currentFolderId}
          isPending={actions.isPending}
          onAction={runAction}
          onMove={(folderId) =>
            actions.run('move', selection.selectedIds, { folderId, onDone: selection.clear })
          }
          selectionActions={selectionActions.map((action) => ({
            ...action,
            onSelect: () =>
              action.onSelect(
                letters.filter((letter) => selection.isSelected(letter.id)),
                toolbarSelection.clear,
              ),
          }))}
        />
      ) : null}
      <ul className={classes.list} aria-label={label}>
        {letters.slice(0, rowCount).map((letter) => (
          <Fragment key={letter.id}>
            {renderRowsBefore?.(letter)}
            <LetterRow
              letter={letter}
              isActive={letter.id === activeId}
              isSelected={selection.isSelected(letter.id)}
              onToggleSelected={canSelect ? selection.toggle : null}
              onFocusRow={setActiveId}
              detail={renderDetail?.(letter)}
              linkState={linkState}
            />
          </Fragment>
        ))}
        {isEveryRowShown ? rowsAfter : null}
      </ul>
      {/* Not before every loaded row is there: it would ask for the next page at once. */}
      {isEveryRowShown ? (
        <InfiniteListFooter
          hasNextPage={hasNextPage}
          isFetchingNextPage={isFetchingNextPage}
          fetchNextPage={fetchNextPage}
        />
      ) : null}
      {!hasNextPage && letters.length > 20 ? (
        <Text ta="center" size="sm" c="dimmed" py="md">
          {t('letters.list.end')}
        </Text>
      ) : null}
      {isFetchingNextPage ? (
        <Center py="xs" aria-hidden="true">
          <Loader size="xs" />
        </Center>
      ) : null}
      <ShortcutsDialog opened={isHelpOpen} onClose={() => setIsHelpOpen(false)} />
      <ConfirmDialog
        opened={isDeleteConfirmOpen}
        title={t('letters.deleteForever.title')}
        message={t('letters.deleteForever.message', { count: targetIds().length })}
        confirmLabel={t('letters.actions.deleteForever')}
        cancelLabel={t('dialog.cancel')}
        isDestructive
        isPending={actions.isPending}
        onClose={() => setIsDeleteConfirmOpen(false)}
        onConfirm={() =>
          actions.run('delete_forever', targetIds(), {
            onDone: () => {
              selection.clear();
              setIsDeleteConfirmOpen(false);
            },
          })
        }
      />
    </div>
  );
}

/** The letters' selection with the other rows': "Select all" and clearing take both. */
function withOther(
  selection: LetterSelection,
  letterCount: number,
  other: LoadedLetterListProps['otherSelection'],
): LetterSelection {
  if (other === undefined) return selection;
  const others = other.selection;
  const allSelected =
    letterCount + other.loadedCount > 0 &&
    (letterCount === 0 || selection.allSelected) &&
    (other.loadedCount === 0 || others.allSelected);
  const clear = () => {
    selection.clear();
    others.clear();
  };
  const selectAll = () => {
    selection.selectAll();
    others.selectAll();
  };
  return {
    ...selection,
    allSelected,
    someSelected: selection.someSelected || others.someSelected,
    toggleAll: allSelected ? clear : selectAll,
    selectAll,
    clear,
  };
}
