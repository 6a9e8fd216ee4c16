import { Button } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useSelectedAccount } from '../../../lib/selected-account.ts';
import { useEmptyTrash } from '../api/empty-trash.ts';
import { ReadOnlyTooltip } from './read-only-tooltip.tsx';

export function EmptyTrashButton() {
  const { t } = useTranslation();
  const { accountId, canWrite } = useSelectedAccount();
  const emptyTrash = useEmptyTrash();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);

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

  return (
    <>
      <ReadOnlyTooltip canWrite={canWrite}>
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrashX size={18} aria-hidden="true" />}
          onClick={() => setIsConfirmOpen(true)}
          disabled={!canWrite}
        >
          {t('trash.empty')}
        </Button>
      </ReadOnlyTooltip>
      <ConfirmDialog
        opened={isConfirmOpen}
        title={t('trash.emptyConfirm.title')}
        message={t('trash.emptyConfirm.message')}
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
