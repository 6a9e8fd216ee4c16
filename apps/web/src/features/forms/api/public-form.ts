// Types only: the public fill-out page must not load zod (DESIGN §7), so the answers are
// checked by hand below and the form's definition by the shared `checkFormDefinition`.
import type {
  FormDetail,
  FormFile,
  FormUploadToken,
  PublicFormReceipt,
  PublicSubmitFormRequest,
} from '@kuvert/shared/forms';
import { apiRequest } from '../../../lib/http.ts';
import type { ResponseSchema } from '../../../lib/http.ts';

/** The header an anonymous visitor's upload carries its token in (FORM_TOKEN_HEADER). */
const FORM_TOKEN_HEADER = 'Kuvert-Form-Token';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checked<T>(guard: (value: unknown) => value is T): ResponseSchema<T> {
  return {
    parse: (value) => {
      if (!guard(value)) throw new TypeError('The server answered in an unexpected shape');
      return value;
    },
  };
}

const formDetail = checked(
  (value): value is FormDetail =>
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    typeof value.description === 'string' &&
    typeof value.version === 'number' &&
    typeof value.current_version === 'number' &&
    isRecord(value.provider) &&
    typeof value.provider.name === 'string' &&
    isRecord(value.schema) &&
    isRecord(value.ui_schema),
);

const formFile = checked(
  (value): value is FormFile =>
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.filename === 'string' &&
    typeof value.content_type === 'string' &&
    typeof value.size === 'number',
);

const uploadToken = checked(
  (value): value is FormUploadToken =>
    isRecord(value) && typeof value.token === 'string' && typeof value.expires_at === 'string',
);

const receipt = checked(
  (value): value is PublicFormReceipt =>
    isRecord(value) &&
    typeof value.reference === 'string' &&
    typeof value.submitted_at === 'string' &&
    typeof value.receipt_emailed === 'boolean' &&
    typeof value.receipt_url === 'string',
);

const formPath = (formId: string) => `/api/public/forms/${encodeURIComponent(formId)}`;

/** GET /api/public/forms/{providerId}/{formId}: 404 when not public, 410 when withdrawn. */
export function getPublicForm(
  providerId: string,
  formId: string,
  signal?: AbortSignal,
): Promise<FormDetail> {
  return apiRequest(
    `/api/public/forms/${encodeURIComponent(providerId)}/${encodeURIComponent(formId)}`,
    { schema: formDetail, ...(signal ? { signal } : {}) },
  );
}

/** POST …/upload-token: a short-lived token for this form's file uploads. */
export function createUploadToken(formId: string): Promise<FormUploadToken> {
  return apiRequest(`${formPath(formId)}/upload-token`, { method: 'POST', schema: uploadToken });
}

/** POST …/files with the token: the file is kept for the submission that names it. */
export function uploadPublicFormFile(formId: string, token: string, file: File): Promise<FormFile> {
  const body = new FormData();
  body.set('file', file, file.name);
  return apiRequest(`${formPath(formId)}/files`, {
    method: 'POST',
    body,
    headers: { [FORM_TOKEN_HEADER]: token },
    schema: formFile,
  });
}

/** POST …/submissions: the answers go to the provider; the receipt says how to refer to them. */
export function submitPublicForm(
  formId: string,
  request: PublicSubmitFormRequest,
): Promise<PublicFormReceipt> {
  return apiRequest(`${formPath(formId)}/submissions`, {
    method: 'POST',
    body: request,
    schema: receipt,
  });
}
