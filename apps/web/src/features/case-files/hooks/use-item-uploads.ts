import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { UploadSummary } from '@kuvert/shared/uploads';
import type { UploadInProgress } from '../../../components/ui/upload-progress-row.tsx';
import { translateError } from '../../../lib/errors.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import type { ItemAttachment } from './item-fields.ts';

/** A file from the computer as the upload queue reports it. */
export interface QueuedFile {
  key: string;
  name: string;
  size: number;
  bytesSent: number;
  status: 'uploading' | 'waiting' | 'paused' | 'checking' | 'done' | 'failed';
  uploadId: string | null;
  error: unknown;
}

/** What an item asks of the uploads area (wired in app/, where the areas meet). */
export interface ItemUploads {
  /** Starts uploading files into the mailbox; returns a key per file to follow it by. */
  start: (files: readonly File[]) => string[];
  subscribe: (listener: () => void) => () => void;
  /** Every file of the upload queue now (the same array until it changes). */
  getQueue: () => readonly QueuedFile[];
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
  const [pendingKeys, setPendingKeys] = useState<readonly string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const pendingRef = useRef<readonly string[]>([]);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  }, [onUploaded]);

  const queue = useSyncExternalStore(uploads.subscribe, uploads.getQueue);

  useEffect(() => {
    const settle = () => {
      const mine = uploads.getQueue().filter((file) => pendingRef.current.includes(file.key));
      const finished = mine.filter((file) => file.status === 'done' && file.uploadId !== null);
      const failed = mine.filter((file) => file.status === 'failed');
      if (finished.length === 0 && failed.length === 0) return;
      const settled = new Set([...finished, ...failed].map(({ key }) => key));
      pendingRef.current = pendingRef.current.filter((key) => !settled.has(key));
      setPendingKeys(pendingRef.current);
      const added = finished.flatMap((file) =>
        file.uploadId === null
          ? []
          : [{ upload_id: file.uploadId, name: file.name, size: file.size, trashed: false }],
      );
      if (added.length > 0) onUploadedRef.current(added);
      if (failed.length > 0) {
        setProblem(
          failed
            .map((file) =>
              t('caseFiles.item.attachments.failed', {
                name: file.name,
                reason: translateError(t, file.error),
              }),
            )
            .join(' '),
        );
      }
    };
    // Files that finished while the page was away from the queue settle now too.
    settle();
    return uploads.subscribe(settle);
  }, [uploads, t]);

  const start = (files: readonly File[]) => {
    if (files.length === 0) return;
    setProblem(null);
    const keys = uploads.start(files);
    pendingRef.current = [...pendingRef.current, ...keys];
    setPendingKeys(pendingRef.current);
  };

  const pending: PendingUpload[] = queue
    .filter((file) => pendingKeys.includes(file.key))
    .filter((file) => file.status !== 'done' && file.status !== 'failed')
    .map((file) => ({
      key: file.key,
      name: file.name,
      size: file.size,
      bytesSent: file.bytesSent,
      isChecking: file.status === 'checking',
    }));

  return { pending, pendingCount: pendingKeys.length, problem, setProblem, start };
}
