import { formFileSchema } from '@kuvert/shared/forms';
import type { FormFile } from '@kuvert/shared/forms';
import { apiRequest } from '../../../lib/http.ts';

const filesPath = (formId: string) => `/api/forms/${encodeURIComponent(formId)}/files`;

/** POST /api/forms/{formId}/files: a file from the computer for one of the form's fields. */
export function uploadFormFile(formId: string, accountId: string, file: File): Promise<FormFile> {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiRequest(
    `${filesPath(formId)}?${new URLSearchParams({ account_id: accountId }).toString()}`,
    { method: 'POST', body, schema: formFileSchema },
  );
}

/** POST /api/forms/{formId}/files/from-upload: one of the mailbox's uploads, for the form. */
export function addFormFileFromUpload(
  formId: string,
  accountId: string,
  uploadId: string,
): Promise<FormFile> {
  return apiRequest(`${filesPath(formId)}/from-upload`, {
    method: 'POST',
    body: { account_id: accountId, upload_id: uploadId },
    schema: formFileSchema,
  });
}
