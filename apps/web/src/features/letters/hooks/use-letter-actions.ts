import type { BulkLetterAction } from '@kuvert/shared/letters';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateLetters } from '../api/update-letters.ts';

const UNDO_TIMEOUT_MS = 8000;

interface RunOptions {
  folderId?: string | null;
  onDone?: () => void;
}

/**
 * Bulk actions with the feedback a user expects: a short confirmation, an Undo for trash,
 * and a translated error when the server says no.
 */
export function useLetterActions() {
  const { t } = useTranslation();
  const update = useUpdateLetters();

  const run = (
    action: BulkLetterAction,
    letterIds: readonly string[],
    options: RunOptions = {},
  ) => {
    if (letterIds.length === 0) return;
    const ids = [...letterIds];
    // mutateAsync: its promise settles even when the list re-renders without the acted-on
    // rows, where mutate's per-call callbacks would be dropped.
    update
      .mutateAsync({
        letter_ids: ids,
        action,
        ...(action === 'move' ? { folder_id: options.folderId ?? null } : {}),
      })
      .then(
        () => {
          options.onDone?.();
          announce(action, ids);
        },
        (error: unknown) => notify({ type: 'negative', message: translateError(t, error) }),
      );
  };

  const announce = (action: BulkLetterAction, ids: string[]) => {
    const count = ids.length;
    if (action === 'trash') {
      notify({
        type: 'positive',
        message: t('letters.feedback.trashed', { count }),
        timeout: UNDO_TIMEOUT_MS,
        action: { label: t('letters.feedback.undo'), onClick: () => run('restore', ids) },
      });
      return;
    }
    if (action === 'restore')
      notify({ type: 'positive', message: t('letters.feedback.restored', { count }) });
    if (action === 'move')
      notify({ type: 'positive', message: t('letters.feedback.moved', { count }) });
    if (action === 'delete_forever')
      notify({ type: 'positive', message: t('letters.feedback.deleted', { count }) });
  };

  return { run, isPending: update.isPending };
}
