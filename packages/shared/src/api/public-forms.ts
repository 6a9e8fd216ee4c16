// Types only: the public fill-out page must not load zod (DESIGN §7), so the answers are
// checked by hand below and the form's definition by the shared `checkFormDefinition`.
import type {
  FormDetail,
  FormFile,
  FormUploadToken,
  PublicFormReceipt,
  PublicSubmitFormRequest,
} from '../forms/index.ts';
import { endpoint, multipart } from './endpoint.ts';
import type { BodySchema, Parser } from './endpoint.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checked<T>(guard: (value: unknown) => value is T): Parser<T> {
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

/** The body's type alone: the server checks it with `publicSubmitFormRequestSchema`. */
const publicSubmitBody: BodySchema<PublicSubmitFormRequest> = { '~standard': {} };

/** The anonymous visitor's form endpoints (no session; a token for files). */
export const publicFormEndpoints = {
  /** 404 when the form is not public, 410 when withdrawn. */
  form: endpoint({
    method: 'GET',
    path: '/api/public/forms/:providerId/:formId',
    answer: formDetail,
  }),
  /** A short-lived token for this form's file uploads. */
  uploadToken: endpoint({
    method: 'POST',
    path: '/api/public/forms/:formId/upload-token',
    answer: uploadToken,
  }),
  /** With the token (FORM_TOKEN_HEADER): kept for the submission that names it. */
  files: endpoint({
    method: 'POST',
    path: '/api/public/forms/:formId/files',
    body: multipart,
    answer: formFile,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/public/forms/:formId/submissions',
    body: publicSubmitBody,
    answer: receipt,
  }),
  /** The PDF of an anonymous submission, with its `key` (the receipt's `receipt_url`). */
  receipt: endpoint({ method: 'GET', path: '/api/public/form-submissions/:id/receipt' }),
};
