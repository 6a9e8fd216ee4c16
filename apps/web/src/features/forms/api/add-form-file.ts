import type { FormFile } from '@kuvert/shared/forms';
import { formEndpoints } from '@kuvert/shared/forms/endpoints';
import { apiCall } from '../../../lib/api-client.ts';

/** POST /api/forms/{formId}/files: a file from the computer for one of the form's fields. */
export function uploadFormFile(formId: string, accountId: string, file: File): Promise<FormFile> {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiCall(formEndpoints.addFile, {
    params: { formId },
    query: { account_id: accountId },
    body,
  });
}

/** POST /api/forms/{formId}/files/from-upload: one of the mailbox's uploads, for the form. */
export function addFormFileFromUpload(
  formId: string,
  accountId: string,
  uploadId: string,
): Promise<FormFile> {
  return apiCall(formEndpoints.addFileFromUpload, {
    params: { formId },
    body: { account_id: accountId, upload_id: uploadId },
  });
}
