import type { TrashEntry } from '@kuvert/shared/trash';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface DeleteForeverDialogProps {
  /** What is to go; null while closed. */
  entries: readonly TrashEntry[] | null;
  isPending: boolean;
  onConfirm: (entries: readonly TrashEntry[]) => void;
  onClose: () => void;
}

/** What deleting this one entry takes with it, in the user's words. */
function messageFor(t: TFunction, entry: TrashEntry): string {
  const count = entry.count ?? 0;
  switch (entry.kind) {
    case 'folder':
      return t('trash.deleteConfirm.message.folder', { count });
    case 'case_file':
      return t('trash.deleteConfirm.message.case_file', { count });
    default:
      return t(`trash.deleteConfirm.message.${entry.kind}`);
  }
}

/** Asks once before entries are deleted for good, saying what goes with them. */
export function DeleteForeverDialog({
  entries,
  isPending,
  onConfirm,
  onClose,
}: DeleteForeverDialogProps) {
  const { t } = useTranslation();
  const [only] = entries ?? [];
  const isOne = entries?.length === 1 && only !== undefined;
  return (
    <ConfirmDialog
      opened={entries !== null}
      title={
        isOne
          ? t('trash.deleteConfirm.title', { name: only.name })
          : t('trash.deleteConfirm.titleMany', { count: entries?.length ?? 0 })
      }
      message={isOne ? messageFor(t, only) : t('trash.deleteConfirm.message.many')}
      confirmLabel={t('trash.deleteForever')}
      cancelLabel={t('dialog.cancel')}
      isDestructive
      isPending={isPending}
      onConfirm={() => {
        if (entries !== null) onConfirm(entries);
      }}
      onClose={onClose}
    />
  );
}
