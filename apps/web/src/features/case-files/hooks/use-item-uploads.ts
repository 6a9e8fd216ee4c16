import { useState } from 'react';
import type { ReactNode } from 'react';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { translateError } from '../../../lib/errors.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { usePendingUploads } from '../../../lib/use-pending-uploads.ts';
import type { UploadInProgress, UploadQueue } from '../../../lib/use-pending-uploads.ts';
import type { ItemAttachment } from './item-fields.ts';

/** What an item asks of the uploads area (wired in app/, where the areas meet). */
export interface ItemUploads extends UploadQueue {
  /** The picker of the account's uploads. */
  renderPicker: (props: {
    opened: boolean;
    onClose: () => void;
    onPick: (uploads: UploadSummary[]) => void;
    accountId: string;
    accept: readonly string[];
    maxCount: number;
    attachedIds: readonly string[];
    title: string;
  }) => ReactNode;
}

/** A file on its way into the mailbox's uploads, before it becomes an attachment. */
export type PendingUpload = UploadInProgress;

/**
 * Files from the computer go into the account's uploads first and become the item's
 * attachments once the server kept them; a refused one is named with the reason.
 */
export function useItemUploads(
  t: TFunction,
  uploads: ItemUploads,
  onUploaded: (attachments: ItemAttachment[]) => void,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const followed = usePendingUploads(uploads, {
    onFinished: (files) =>
      onUploaded(
        files.map(({ uploadId, name, size }) => ({
          upload_id: uploadId,
          name,
          size,
          trashed: false,
        })),
      ),
    onFailed: (files) =>
      setProblem(
        files
          .map((file) =>
            t('caseFiles.item.attachments.failed', {
              name: file.name,
              reason: translateError(t, file.error),
            }),
          )
          .join(' '),
      ),
  });

  const start = (files: readonly File[]) => {
    if (files.length === 0) return;
    setProblem(null);
    followed.start(files);
  };

  return {
    pending: followed.pending,
    pendingCount: followed.pendingCount,
    problem,
    setProblem,
    start,
  };
}
