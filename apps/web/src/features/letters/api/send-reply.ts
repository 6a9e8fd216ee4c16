import { useMutation, useQueryClient } from '@tanstack/react-query';
import { letterDetailSchema } from '@kuvert/shared/letters';
import type { LetterDetail, ReplyFields } from '@kuvert/shared/letters';
import { apiRequest } from '../../../lib/http.ts';
import { invalidateMailbox } from './invalidate-mailbox.ts';

export interface ReplyInput extends ReplyFields {
  letterId: string;
  attachments: readonly File[];
}

/** Multipart: `subject`, `body` and one `attachment` part per file. */
export function sendReply({
  letterId,
  subject,
  body,
  attachments,
}: ReplyInput): Promise<LetterDetail> {
  const form = new FormData();
  form.set('subject', subject);
  form.set('body', body);
  for (const file of attachments) form.append('attachment', file, file.name);
  return apiRequest(`/api/letters/${encodeURIComponent(letterId)}/replies`, {
    method: 'POST',
    body: form,
    schema: letterDetailSchema,
  });
}

export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: () => invalidateMailbox(queryClient),
  });
}
