import { useMemo } from 'react';
import type { ItemUploads } from '../features/case-files/hooks/use-item-uploads.ts';
import { UploadPicker } from '../features/uploads/components/upload-picker.tsx';
import { getUploadQueue, subscribeToUploadQueue } from '../features/uploads/hooks/upload-queue.ts';
import { useStartUploads } from '../features/uploads/hooks/use-start-uploads.ts';

/*
 * Where case files and uploads meet (a feature never imports another): an item's attachments
 * from the computer go through the uploads area's queue (tus), earlier uploads through its
 * picker.
 */
export function useCaseFileItemUploads(accountId: string | null): ItemUploads {
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
