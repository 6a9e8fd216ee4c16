import { useNavigate } from 'react-router';
import type { TrashActionResult, TrashEntry } from '@kuvert/shared/trash';
import { paths } from '../../../config/paths.ts';
import { translateError } from '../../../lib/errors.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import type { NotifyOptions } from '../../../lib/notify.ts';
import { useDeleteTrashEntries } from '../api/delete-trash-entries.ts';
import { trashEntryKey } from '../api/get-trash-entries.ts';
import { useRestoreTrashEntries } from '../api/restore-trash-entries.ts';
import { originOf } from '../components/trash-kinds.ts';

/** Where a restored thing can be seen again: a folder or file itself, else where it was. */
function restoredHref(t: TFunction, entry: TrashEntry): string {
  if (entry.kind === 'folder') return paths.folder(entry.id);
  if (entry.kind === 'case_file') return paths.file(entry.id);
  if (entry.kind === 'upload') return paths.upload(entry.id);
  return originOf(t, entry.origin).href;
}

function restoredNotice(
  t: TFunction,
  entries: readonly TrashEntry[],
  result: TrashActionResult,
  show: (href: string) => void,
): NotifyOptions {
  if (result.count === 0) return { type: 'info', message: t('trash.restoredNone') };
  const [entry] = entries;
  if (entries.length > 1 || entry === undefined) {
    return { type: 'positive', message: t('trash.restoredMany', { count: result.count }) };
  }
  const renamed = result.renamed[0];
  const message =
    renamed === undefined
      ? t('trash.restored', { kind: t(`trash.kinds.${entry.kind}.label`), name: entry.name })
      : t('trash.restoredAs', { name: renamed.name, old: entry.name });
  const href = restoredHref(t, entry);
  return {
    type: 'positive',
    message,
    action: { label: t('trash.show'), onClick: () => show(href) },
  };
}

const selectionOf = (account: string, entries: readonly TrashEntry[]) => ({
  account_id: account,
  entries: entries.map(({ kind, id }) => ({ kind, id })),
});

function deletedNotice(
  t: TFunction,
  entries: readonly TrashEntry[],
  result: TrashActionResult,
): NotifyOptions {
  if (result.count === 0) return { type: 'info', message: t('trash.deletedNone') };
  const [entry] = entries;
  if (entries.length > 1 || entry === undefined) {
    return { type: 'positive', message: t('trash.deletedMany', { count: result.count }) };
  }
  const kind = t(`trash.kinds.${entry.kind}.label`);
  return { type: 'positive', message: t('trash.deletedForever', { kind, name: entry.name }) };
}

/**
 * Restore and Delete forever for any entries, with the notice a user expects after each: what
 * came back (and a way to go and see it), what is gone, or what went wrong.
 */
export function useTrashActions(accountId: string | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const restore = useRestoreTrashEntries();
  const remove = useDeleteTrashEntries();

  const onError = (error: unknown) =>
    notify({ type: 'negative', message: translateError(t, error) });

  const restoreEntries = (entries: readonly TrashEntry[]) => {
    if (accountId === null || entries.length === 0) return;
    restore.mutate(selectionOf(accountId, entries), {
      onSuccess: (result) =>
        notify(restoredNotice(t, entries, result, (href) => void navigate(href))),
      onError,
    });
  };
  const deleteEntries = (entries: readonly TrashEntry[], onDone: () => void) => {
    if (accountId === null || entries.length === 0) return;
    remove.mutate(selectionOf(accountId, entries), {
      onSuccess: (result) => {
        notify(deletedNotice(t, entries, result));
        onDone();
      },
      onError,
    });
  };

  const restoringKeys = new Set(
    restore.isPending ? (restore.variables?.entries ?? []).map(trashEntryKey) : [],
  );
  return {
    restoreEntries,
    deleteEntries,
    isRestoring: restore.isPending,
    isDeleting: remove.isPending,
    isRestoringEntry: (entry: TrashEntry) => restoringKeys.has(trashEntryKey(entry)),
  };
}
