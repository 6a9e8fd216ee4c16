import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { UploadSummary } from '@kuvert/shared/uploads';
import { REPLY_WITH_PARAM } from '../../config/paths.ts';
import { uploadQueryOptions } from '../../features/uploads/api/get-upload.ts';
import { hasErrorCode, translateError } from '../../lib/errors.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';

export interface ReplyWithUpload {
  /** The upload to answer the letter with, once loaded; null when none was asked for. */
  upload: UploadSummary | null;
  /** The request is handled: it leaves the address, so a reload does not repeat it. */
  onTaken: () => void;
}

/**
 * "Use in a letter" arrives as `?reply_with=<uploadId>` on a letter's page: the upload is
 * loaded here (the uploads area) for the letter's reply (the letters area) to attach.
 */
export function useReplyWithUpload(): ReplyWithUpload {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const uploadId = searchParams.get(REPLY_WITH_PARAM);
  const query = useQuery({ ...uploadQueryOptions(uploadId ?? ''), enabled: uploadId !== null });
  const onTaken = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(REPLY_WITH_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const error = uploadId !== null && query.isError ? query.error : null;
  useEffect(() => {
    if (error === null) return;
    notify({
      type: 'negative',
      message: hasErrorCode(error, 'NOT_FOUND')
        ? t('letters.reply.replyWith.notFound')
        : translateError(t, error),
    });
    onTaken();
  }, [error, onTaken, t]);
  return { upload: uploadId !== null ? (query.data ?? null) : null, onTaken };
}
