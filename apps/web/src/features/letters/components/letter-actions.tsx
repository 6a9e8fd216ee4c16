import { Button, Group } from '@mantine/core';
import {
  IconArrowBackUp,
  IconEyeOff,
  IconFolderSymlink,
  IconPrinter,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { LetterDetail } from '@kuvert/shared/letters';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useMarkLetterUnread } from '../api/mark-letter-unread.ts';
import { MoveMenu } from './move-menu.tsx';
import type { MoveTarget } from './move-menu.tsx';
import { ReadOnlyTooltip } from './read-only-tooltip.tsx';

interface LetterActionsProps {
  letter: LetterDetail;
  canWrite: boolean;
  folders: readonly MoveTarget[];
  onReply: () => void;
  onTrash: () => void;
  onRestore: () => void;
  onMove: (folderId: string | null) => void;
  /** Marked unread: the user is done with it for now. */
  onMarkedUnread: () => void;
  /** Prints the letter with its documents; `isPreparingPrint` while their pages are drawn. */
  onPrint: () => void;
  isPreparingPrint: boolean;
  /** "Add to a file" (from the case files area), next to Move; not for a letter in the trash. */
  fileAction?: ReactNode;
}

export function LetterActions({
  letter,
  canWrite,
  folders,
  onReply,
  onTrash,
  onRestore,
  onMove,
  onMarkedUnread,
  onPrint,
  isPreparingPrint,
  fileAction = null,
}: LetterActionsProps) {
  const { t } = useTranslation();
  const markUnread = useMarkLetterUnread();
  const isInbound = letter.direction === 'inbound';
  const isTrashed = letter.trashed_at !== null;

  const handleMarkUnread = () =>
    markUnread.mutate(letter.id, {
      onSuccess: () => {
        notify({ type: 'positive', message: t('letters.feedback.markedUnread') });
        onMarkedUnread();
      },
      onError: (error) => notify({ type: 'negative', message: translateError(t, error) }),
    });

  return (
    <Group
      gap="xs"
      wrap="wrap"
      role="toolbar"
      aria-label={t('letters.detail.actions')}
      data-print-hide=""
    >
      {isInbound && !isTrashed ? (
        <ReadOnlyTooltip canWrite={canWrite}>
          <Button
            leftSection={<IconArrowBackUp size={18} aria-hidden="true" />}
            onClick={onReply}
            disabled={!canWrite}
          >
            {t('letters.actions.reply')}
          </Button>
        </ReadOnlyTooltip>
      ) : null}
      {isInbound && !isTrashed ? (
        <ReadOnlyTooltip canWrite={canWrite}>
          <Button
            variant="default"
            leftSection={<IconEyeOff size={18} aria-hidden="true" />}
            onClick={handleMarkUnread}
            loading={markUnread.isPending}
            disabled={!canWrite}
          >
            {t('letters.actions.markUnread')}
          </Button>
        </ReadOnlyTooltip>
      ) : null}
      {isInbound && !isTrashed ? (
        canWrite ? (
          <MoveMenu
            folders={folders}
            currentFolderId={letter.folder_id}
            onMove={onMove}
            target={
              <Button variant="default" leftSection={<IconFolderIcon />}>
                {t('letters.actions.move')}
              </Button>
            }
          />
        ) : (
          <ReadOnlyTooltip canWrite={false}>
            <Button variant="default" disabled leftSection={<IconFolderIcon />}>
              {t('letters.actions.move')}
            </Button>
          </ReadOnlyTooltip>
        )
      ) : null}
      {isTrashed ? null : fileAction}
      {isTrashed ? (
        <ReadOnlyTooltip canWrite={canWrite}>
          <Button
            variant="default"
            leftSection={<IconRestore size={18} aria-hidden="true" />}
            onClick={onRestore}
            disabled={!canWrite}
          >
            {t('letters.actions.restore')}
          </Button>
        </ReadOnlyTooltip>
      ) : (
        <ReadOnlyTooltip canWrite={canWrite}>
          <Button
            variant="default"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={onTrash}
            disabled={!canWrite}
          >
            {t('letters.actions.trash')}
          </Button>
        </ReadOnlyTooltip>
      )}
      <Button
        variant="default"
        leftSection={<IconPrinter size={18} aria-hidden="true" />}
        onClick={onPrint}
        loading={isPreparingPrint}
      >
        {t('letters.actions.print')}
      </Button>
    </Group>
  );
}

function IconFolderIcon() {
  return <IconFolderSymlink size={18} aria-hidden="true" />;
}
