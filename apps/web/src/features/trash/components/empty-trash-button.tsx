import { Button, Tooltip } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useEmptyTrash } from '../api/empty-trash.ts';

interface EmptyTrashButtonProps {
  /** Entries in the whole trash; undefined while loading. */
  total: number | undefined;
}

/** "Empty trash": disabled, saying why, while the trash is empty or the mailbox read-only. */
export function EmptyTrashButton({ total }: EmptyTrashButtonProps) {
  const { t } = useTranslation();
  const { accountId, can } = useSelectedAccount();
  const canEmpty = can('delete-forever');
  const emptyTrash = useEmptyTrash();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const reason = canEmpty
    ? total === 0
      ? t('trash.isEmpty')
      : null
    : t('letters.readOnly.tooltip');

  const confirm = () => {
    if (accountId === null) return;
    emptyTrash.mutate(accountId, {
      onSuccess: () => {
        setIsConfirmOpen(false);
        notify({ type: 'positive', message: t('trash.emptied') });
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });
  };

  // Not `disabled`: a disabled button takes no focus, so the tooltip could not say why.
  const isDisabled = reason !== null || total === undefined;
  return (
    <>
      <Tooltip
        label={reason}
        multiline
        w={260}
        disabled={reason === null}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrashX size={18} aria-hidden="true" />}
          onClick={() => {
            if (!isDisabled) setIsConfirmOpen(true);
          }}
          data-disabled={isDisabled || undefined}
          aria-disabled={isDisabled}
        >
          {t('trash.empty')}
        </Button>
      </Tooltip>
      <ConfirmDialog
        opened={isConfirmOpen}
        title={t('trash.emptyConfirm.title')}
        message={t('trash.emptyConfirm.message', { count: total ?? 0 })}
        confirmLabel={t('trash.empty')}
        cancelLabel={t('dialog.cancel')}
        isDestructive
        isPending={emptyTrash.isPending}
        onConfirm={confirm}
        onClose={() => setIsConfirmOpen(false)}
      />
    </>
  );
}
