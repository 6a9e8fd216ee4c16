// Types only: the public fill-out page must not load zod (DESIGN §7); the answers are checked
// by the hand-written checks of `publicFormEndpoints`.
import { publicFormEndpoints } from '@kuvert/shared/api';
import type {
  FormDetail,
  FormFile,
  FormUploadToken,
  PublicFormReceipt,
  PublicSubmitFormRequest,
} from '@kuvert/shared/forms';
import { apiCall } from '../../../lib/api-client.ts';

/** The header an anonymous visitor's upload carries its token in (FORM_TOKEN_HEADER). */
const FORM_TOKEN_HEADER = 'Kuvert-Form-Token';

/** GET /api/public/forms/{providerId}/{formId}: 404 when not public, 410 when withdrawn. */
export function getPublicForm(
  providerId: string,
  formId: string,
  signal?: AbortSignal,
): Promise<FormDetail> {
  return apiCall(publicFormEndpoints.form, { params: { providerId, formId }, signal });
}

/** POST …/upload-token: a short-lived token for this form's file uploads. */
export function createUploadToken(formId: string): Promise<FormUploadToken> {
  return apiCall(publicFormEndpoints.uploadToken, { params: { formId } });
}

/** POST …/files with the token: the file is kept for the submission that names it. */
export function uploadPublicFormFile(formId: string, token: string, file: File): Promise<FormFile> {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiCall(publicFormEndpoints.files, {
    params: { formId },
    body,
    headers: { [FORM_TOKEN_HEADER]: token },
  });
}

/** POST …/submissions: the answers go to the provider; the receipt says how to refer to them. */
export function submitPublicForm(
  formId: string,
  request: PublicSubmitFormRequest,
): Promise<PublicFormReceipt> {
  return apiCall(publicFormEndpoints.submit, { params: { formId }, body: request });
}
