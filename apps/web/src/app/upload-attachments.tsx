import { useMemo } from 'react';
import type { RenderReplyUploadPicker } from '../features/letters/components/reply-dialog.tsx';
import type { ComposeUploads } from '../features/outbox/components/compose-types.ts';
import { UploadPicker } from '../features/uploads/components/upload-picker.tsx';
import { getUploadQueue, subscribeToUploadQueue } from '../features/uploads/hooks/upload-queue.ts';
import { useStartUploads } from '../features/uploads/hooks/use-start-uploads.ts';

/*
 * Where letters and uploads meet (a feature never imports another): a reply or a new letter
 * attaches the account's uploads through the uploads area's picker and queue.
 */

/** The reply dialog's "attach from my uploads". */
export const renderReplyUploadPicker: RenderReplyUploadPicker = (props) => (
  <UploadPicker {...props} />
);

/** Compose's attachments: files from the computer go through the upload queue (tus). */
export function useComposeUploads(accountId: string | null): ComposeUploads {
  const start = useStartUploads(accountId);
  return useMemo(
    () => ({
      start,
      subscribe: subscribeToUploadQueue,
      getQueue: getUploadQueue,
      renderPicker: (props) => <UploadPicker {...props} />,
    }),
    [start],
  );
}
