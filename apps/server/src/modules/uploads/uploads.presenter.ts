import {
  uploadContentTypeSchema,
  uploadKindOf,
  UPLOAD_TEXT_PREVIEW_CHARS,
  type UploadDetail,
  type UploadInProgress,
  type UploadSummary,
} from '@kuvert/shared/uploads';
import { AppError } from '../../plugins/app-error.ts';
import { uploadExpiryOf } from './upload-expiry.ts';
import type { UploadDetailRow, UploadRow } from './uploads.repository.ts';

/** Only stored uploads are shown, and those always have a type, a key and a digest. */
export function toUploadSummary(row: UploadRow): UploadSummary {
  const contentType = uploadContentTypeSchema.safeParse(row.content_type);
  if (!contentType.success) throw new AppError('NOT_FOUND');
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    content_type: contentType.data,
    kind: uploadKindOf(contentType.data),
    size: Number(row.size),
    page_count: row.page_count,
    text_status: row.text_status,
    text_failure: row.text_failure,
    has_thumbnail: row.thumbnail_key !== null,
    created_at: row.created_at,
    trashed_at: row.trashed_at,
  };
}

export function toUploadDetail(
  row: UploadDetailRow,
  earlierCopy: Pick<UploadRow, 'id' | 'name' | 'created_at'> | undefined,
): UploadDetail {
  const uploaderName = [row.uploader_first_name, row.uploader_last_name]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  return {
    ...toUploadSummary(row),
    sha256: row.sha256 ?? '',
    duplicate_of: earlierCopy
      ? { id: earlierCopy.id, name: earlierCopy.name, created_at: earlierCopy.created_at }
      : null,
    text_source: row.text_source,
    text: row.text === null ? null : row.text.slice(0, UPLOAD_TEXT_PREVIEW_CHARS),
    text_truncated: row.text !== null && row.text.length > UPLOAD_TEXT_PREVIEW_CHARS,
    encoding: row.encoding,
    delimiter: row.delimiter,
    uploaded_by:
      row.created_by_user_id && uploaderName
        ? { id: row.created_by_user_id, name: uploaderName }
        : null,
  };
}

/** An upload in progress, as its account's owner (or its starter) sees it. */
export function toUploadInProgress(row: UploadDetailRow): UploadInProgress {
  const starterName = [row.uploader_first_name, row.uploader_last_name]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  return {
    id: row.id,
    name: row.name,
    size: Number(row.size),
    received_bytes: Number(row.received_bytes),
    started_by:
      row.created_by_user_id && starterName
        ? { id: row.created_by_user_id, name: starterName }
        : null,
    started_at: row.created_at,
    last_activity_at: row.updated_at,
    expires_at: uploadExpiryOf(row.updated_at).toISOString(),
  };
}
