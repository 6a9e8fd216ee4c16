import type {
  FormFile,
  FormProvider,
  FormSubmissionSummary,
  PublicFormReceipt,
} from '@kuvert/shared/forms';
import { toCategory } from '../providers/providers.presenter.ts';
import type { SubmissionRow } from './submission-details.ts';

export function toFormFile(row: {
  id: string;
  filename: string;
  content_type: string;
  size: number;
}): FormFile {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size: Number(row.size),
  };
}

/** The provider as forms show it; its logo comes from GET /api/providers/{id}/logo. */
export function toFormProvider(row: {
  provider_id: string;
  provider_name: string;
  provider_category: string;
  provider_logo_key: string | null;
  provider_verified_at: string | null;
}): FormProvider {
  return {
    id: row.provider_id,
    name: row.provider_name,
    category: toCategory(row.provider_category),
    verified: row.provider_verified_at !== null,
    logo_url:
      row.provider_logo_key === null
        ? null
        : `/api/providers/${encodeURIComponent(row.provider_id)}/logo`,
  };
}

export function receiptPath(submissionId: string): string {
  return `/api/form-submissions/${encodeURIComponent(submissionId)}/receipt`;
}

export function toSubmissionSummary(row: SubmissionRow): FormSubmissionSummary {
  return {
    id: row.id,
    reference: row.reference,
    form: { id: row.form_id, title: row.form_title, version: Number(row.form_version) },
    provider: toFormProvider(row),
    status: row.status,
    failure_reason: row.failure_reason,
    submitted_by_name: row.submitter_name,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    receipt_url: row.status === 'delivered' ? receiptPath(row.id) : null,
  };
}

/** Where the browser that sent an anonymous submission downloads its PDF, with its key. */
export function publicReceiptPath(submissionId: string, key: string): string {
  return `/api/public/form-submissions/${encodeURIComponent(submissionId)}/receipt?key=${encodeURIComponent(key)}`;
}

export function toPublicReceipt(
  row: Pick<SubmissionRow, 'reference' | 'created_at' | 'submitter_email'>,
  receiptUrl: string,
): PublicFormReceipt {
  return {
    reference: row.reference,
    submitted_at: row.created_at,
    receipt_emailed: row.submitter_email !== null,
    receipt_url: receiptUrl,
  };
}
