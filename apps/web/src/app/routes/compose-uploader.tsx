import { Skeleton } from '@mantine/core';
import { useMemo, useState } from 'react';
import type {
  CsvUploader,
  RenderUploadPicker,
} from '../../features/mail-merge/components/mail-merge-types.ts';
import { MailMergePage } from '../../features/mail-merge/components/mail-merge-page.tsx';
import { UploadPicker } from '../../features/uploads/components/upload-picker.tsx';
import { useUploadQueue } from '../../features/uploads/hooks/upload-queue.ts';
import { useStartUploads } from '../../features/uploads/hooks/use-start-uploads.ts';
import { translateError } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSelectedAccount } from '../../lib/selected-account.ts';

/*
 * Where the mail merge and the uploads area meet (a feature never imports another): the CSV
 * goes up through the uploads' tus client, and uploads are chosen with their picker.
 */
const renderUploadPicker: RenderUploadPicker = (options) => <UploadPicker {...options} />;

function useCsvUploader(accountId: string | null): CsvUploader {
  const { t } = useTranslation();
  // The CSV is the merge's, not one of the person's uploads: it stays out of their lists.
  const startUploads = useStartUploads(accountId, 'mail_merge');
  const queue = useUploadQueue();
  // The file started, and the queue's first key it may have (it may have been sent before).
  const [started, setStarted] = useState<{ name: string; size: number; fromKey: number } | null>(
    null,
  );
  const entry =
    started === null
      ? undefined
      : queue.find(
          (item) =>
            item.accountId === accountId &&
            item.name === started.name &&
            item.size === started.size &&
            Number(item.key) >= started.fromKey,
        );
  return useMemo(
    () => ({
      start: (file: File) => {
        const fromKey = Math.max(0, ...queue.map((item) => Number(item.key) + 1));
        setStarted({ name: file.name, size: file.size, fromKey });
        startUploads([file]);
      },
      current:
        started === null
          ? null
          : {
              name: started.name,
              status: entry?.status ?? 'uploading',
              percent:
                entry === undefined || entry.size === 0
                  ? 0
                  : Math.round((entry.bytesSent / entry.size) * 100),
              uploadId: entry?.uploadId ?? null,
              error: entry?.error ? translateError(t, entry.error) : null,
            },
    }),
    [entry, queue, started, startUploads, t],
  );
}

export function Component() {
  const { accountId, can } = useSelectedAccount();
  const uploader = useCsvUploader(accountId);
  if (accountId === null) return <Skeleton height={320} />;
  return (
    <MailMergePage
      key={accountId}
      accountId={accountId}
      canWrite={can('send')}
      uploader={uploader}
      renderUploadPicker={renderUploadPicker}
    />
  );
}
