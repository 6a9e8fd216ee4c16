import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

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

/** The uploads area's queue, as a page that attaches files sees it (wired in app/). */
export interface UploadQueue {
  /** Starts uploading files into the mailbox; returns a key per file to follow it by. */
  start: (files: readonly File[]) => string[];
  /** Tells of every change of the upload queue; returns how to stop. */
  subscribe: (listener: () => void) => () => void;
  /** Every file of the upload queue now (the same array until it changes). */
  getQueue: () => readonly QueuedFile[];
}

/** A file on its way into the mailbox's uploads, before it becomes an attachment. */
export interface UploadInProgress {
  key: string;
  name: string;
  size: number;
  bytesSent: number;
  /** Sent, the server reads it. */
  isChecking: boolean;
}

/** A file the server kept: now one of the mailbox's uploads. */
export interface FinishedUpload {
  uploadId: string;
  name: string;
  size: number;
}

interface PendingUploadsHandlers {
  onFinished: (files: readonly FinishedUpload[]) => void;
  onFailed: (files: readonly QueuedFile[]) => void;
}

/**
 * Follows the files a page started uploading until the server kept them (`onFinished`: they
 * become attachments) or refused them (`onFailed`); meanwhile they are `pending`.
 */
export function usePendingUploads(queue: UploadQueue, handlers: PendingUploadsHandlers) {
  const [pendingKeys, setPendingKeys] = useState<readonly string[]>([]);
  const pendingRef = useRef<readonly string[]>([]);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const files = useSyncExternalStore(queue.subscribe, queue.getQueue);

  useEffect(() => {
    const settle = () => {
      const mine = queue.getQueue().filter((file) => pendingRef.current.includes(file.key));
      const kept = mine.filter((file) => file.status === 'done' && file.uploadId !== null);
      const failed = mine.filter((file) => file.status === 'failed');
      if (kept.length === 0 && failed.length === 0) return;
      const settled = new Set([...kept, ...failed].map(({ key }) => key));
      pendingRef.current = pendingRef.current.filter((key) => !settled.has(key));
      setPendingKeys(pendingRef.current);
      const finished = kept.flatMap(({ uploadId, name, size }) =>
        uploadId === null ? [] : [{ uploadId, name, size }],
      );
      if (finished.length > 0) handlersRef.current.onFinished(finished);
      if (failed.length > 0) handlersRef.current.onFailed(failed);
    };
    // Files that finished while the page was away from the queue settle now too.
    settle();
    return queue.subscribe(settle);
  }, [queue]);

  /** Starts uploading the files and follows them. */
  const start = useCallback(
    (started: readonly File[]) => {
      if (started.length === 0) return;
      const keys = queue.start(started);
      pendingRef.current = [...pendingRef.current, ...keys];
      setPendingKeys(pendingRef.current);
    },
    [queue],
  );

  /** Stops following every file (they still upload into the mailbox). */
  const forget = useCallback(() => {
    pendingRef.current = [];
    setPendingKeys([]);
  }, []);

  const pending: UploadInProgress[] = files
    .filter((file) => pendingKeys.includes(file.key))
    .filter((file) => file.status !== 'done' && file.status !== 'failed')
    .map((file) => ({
      key: file.key,
      name: file.name,
      size: file.size,
      bytesSent: file.bytesSent,
      isChecking: file.status === 'checking',
    }));

  return { pending, pendingCount: pendingKeys.length, start, forget };
}
