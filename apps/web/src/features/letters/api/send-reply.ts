import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LetterDetail, ReplyFields } from '@kuvert/shared/letters';
import { letterEndpoints } from '@kuvert/shared/letters/endpoints';
import { apiCall } from '../../../lib/api-client.ts';
import { invalidateAreas, letterDependentAreas } from '../../../lib/mailbox-keys.ts';

export interface ReplyInput extends ReplyFields {
  letterId: string;
  /** Files from the computer: each also becomes an upload of the account. */
  attachments: readonly File[];
}

/**
 * Multipart: `subject`, `body`, one `upload_ids` part per upload (before the files, so the
 * server can check them before it stores any bytes), and one `attachment` part per file.
 */
export function sendReply({
  letterId,
  subject,
  body,
  attachments,
  upload_ids: uploadIds,
}: ReplyInput): Promise<LetterDetail> {
  const form = new FormData();
  form.set('subject', subject);
  form.set('body', body);
  for (const uploadId of uploadIds) form.append('upload_ids', uploadId);
  for (const file of attachments) form.append('attachment', file, file.name);
  return apiCall(letterEndpoints.reply, { params: { id: letterId }, body: form });
}

export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    // The reply's files from the computer are new uploads.
    onSuccess: () => invalidateAreas(queryClient, [...letterDependentAreas, 'uploads']),
  });
}
