import { buffer } from 'node:stream/consumers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FORM_FILE_TYPES,
  FORM_LIMITS,
  FORM_TOKEN_TTL_SECONDS,
  type FormFile,
  type FormUploadToken,
} from '@kuvert/shared/forms';
import { addSeconds } from '../../clock.ts';
import { newId } from '../../db/ids.ts';
import { requestOrigin } from '../../plugins/audit.ts';
import { AppError } from '../../plugins/app-error.ts';
import { readMultipart, type UploadedFile } from '../../plugins/multipart-reader.ts';
import { addressKey, reserveRateLimitHits } from '../../plugins/rate-limit.ts';
import {
  assertFileSize,
  maxFileBytes,
  reserveStorage,
  type StorageHolder,
} from '../../plugins/storage-quota.ts';
import type { SniffedType } from '../../plugins/uploads.ts';
import { assertAccountAction } from '../accounts/accounts.service.ts';
import { inspectUploadedDocuments } from '../../documents/document-inspection.ts';
import { discardUploads } from '../../documents/document-collection.ts';
import { findLiveUpload } from '../uploads/upload-attachments.service.ts';
import { loadOpenForm, loadVersionFor, type Audience } from '../forms/form-access.service.ts';
import {
  countFilesOfOwner,
  insertFormFile,
  lockFileOwner,
  sumFormFileBytesOfAccount,
  sumPendingAnonymousBytesOfForms,
  type FileOwner,
} from './form-files.repository.ts';
import { toFormFile } from './form-submissions.presenter.ts';
import { findFormIdsOfProvider } from '../forms/form-titles.service.ts';
import { issueUploadToken, verifyUploadToken } from './form-upload-tokens.ts';
import {
  describeFileTypes,
  fillableVersion,
  isFileField,
  type FilledVersion,
} from './form-versions.ts';

/**
 * Files for a form's file fields, before submitting: from the computer (logged in, or
 * anonymously with an upload token scoped to the form) or from the account's uploads. Each is
 * judged by its content against what the field takes, held to FORM_LIMITS.maxFileBytes, and a
 * PDF is opened in the processing pool first (one with active content is refused, as uploads
 * are). At most FORM_LIMITS.maxFiles per token, and per account and form within the token's
 * lifetime, counted under a lock, so parallel uploads get no further. The bytes count in the
 * one storage quota (plugins/storage-quota.ts): a member's against the account, an anonymous
 * visitor's against the provider that receives the form, until it is sent or expires.
 */

/** An account's unattached file lives this long (a draft that names it keeps it longer). */
export const ACCOUNT_FILE_TTL_SECONDS = 30 * 24 * 3600;
/** Upload tokens one address may ask for per hour, and files it may send with them. */
export const TOKENS_PER_ADDRESS_PER_HOUR = 30;
export const PUBLIC_FILES_PER_ADDRESS_PER_HOUR = 60;
const HOUR = 3600;

function isFormFileType(type: string): type is SniffedType & (typeof FORM_FILE_TYPES)[number] {
  return FORM_FILE_TYPES.some((accepted) => accepted === type);
}

/**
 * What a file may be: the named file field's types, or (no field named) those of any file
 * field of the version. 400 when the field is not a file field of the form.
 */
function acceptedTypes(version: FilledVersion, fieldPath: string | undefined): SniffedType[] {
  const fileFields = version.fields.filter(isFileField);
  const fields =
    fieldPath === undefined ? fileFields : fileFields.filter((field) => field.path === fieldPath);
  if (fields.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      message:
        fieldPath === undefined
          ? 'This form has no field that takes a file.'
          : `This form has no file field “${fieldPath}”.`,
      details: [
        { path: fieldPath === undefined ? 'file' : 'field', message: 'No such file field' },
      ],
    });
  }
  return [...new Set(fields.flatMap((field) => field.accept))].filter(isFormFileType);
}

function tooManyFiles(): AppError {
  return new AppError('VALIDATION_FAILED', {
    status: 422,
    message: `At most ${FORM_LIMITS.maxFiles} files can go with one form.`,
    details: [{ path: 'file', message: `At most ${FORM_LIMITS.maxFiles} files` }],
  });
}

/** An account's files count against its limit for as long as a token lives. */
function countingSince(app: Pick<FastifyInstance, 'clock'>): string {
  return addSeconds(app.clock.now(), -FORM_TOKEN_TTL_SECONDS).toISOString();
}

async function assertRoomForFile(app: FastifyInstance, owner: FileOwner): Promise<void> {
  if ((await countFilesOfOwner(app.db, owner, countingSince(app))) >= FORM_LIMITS.maxFiles) {
    throw tooManyFiles();
  }
}

/** Form files in the storage quota of the accounts and providers they are kept for. */
export function countFormFilesInQuota(app: FastifyInstance): void {
  app.storageQuota.countStoredBytes(async (db, holder) =>
    holder.kind === 'account'
      ? sumFormFileBytesOfAccount(db, holder.accountId)
      : sumPendingAnonymousBytesOfForms(db, await findFormIdsOfProvider(db, holder.providerId)),
  );
}

/**
 * Records a stored, checked file for the owner, its bytes reserved from `holder`'s quota
 * (none for a file picked from the uploads: those bytes are counted already); discards its
 * bytes when that fails.
 */
async function recordFile(
  app: FastifyInstance,
  owner: FileOwner,
  file: UploadedFile | { key: string; size: number; filename: string; contentType: string },
  links: { uploadId: string | null; expiresAt: Date; holder: StorageHolder | null },
): Promise<FormFile> {
  const now = app.clock.now();
  const row = {
    id: newId(now.getTime()),
    form_id: owner.formId,
    account_id: owner.kind === 'account' ? owner.accountId : null,
    upload_id: links.uploadId,
    token_hash: owner.kind === 'token' ? owner.tokenHash : null,
    filename: file.filename,
    content_type: file.contentType,
    size: file.size,
    storage_key: file.key,
    submission_id: null,
    created_at: now.toISOString(),
    expires_at: links.expiresAt.toISOString(),
  };
  try {
    await app.db.transaction().execute(async (trx) => {
      await lockFileOwner(trx, app.engine, owner);
      const count = await countFilesOfOwner(trx, owner, countingSince(app));
      if (count >= FORM_LIMITS.maxFiles) throw tooManyFiles();
      if (links.holder) await reserveStorage(app, trx, links.holder, file);
      await insertFormFile(trx, row);
    });
  } catch (error) {
    // A file picked from the uploads is the upload's bytes: they stay.
    if (links.uploadId === null) await discardUploads(app, [file.key]);
    throw error;
  }
  return toFormFile(row);
}

/**
 * Readers accept junk before `%PDF-`, and so do we, unless the junk is markup: a file that is
 * a web page and a PDF at once is refused, as uploads refuse it.
 */
async function assertNoMarkupBeforePdf(app: FastifyInstance, file: UploadedFile): Promise<void> {
  if (file.contentType !== 'application/pdf') return;
  const head = await buffer(await app.documents.open(file.key, { start: 0, end: 1023 }));
  const start = head.indexOf('%PDF-');
  if (start > 0 && head.subarray(0, start).includes('<')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `“${file.filename}” is not a file Kuvert keeps: it holds web page markup before the PDF.`,
      details: [{ path: 'file', filename: file.filename }],
    });
  }
}

/** Reads the one `file` part into the store, judged by content, and opens a PDF in the pool. */
async function receiveFile(
  app: FastifyInstance,
  request: FastifyRequest,
  accepted: SniffedType[],
): Promise<UploadedFile> {
  const upload = await readMultipart(request, app.documents, {
    fileField: 'file',
    minFiles: 1,
    maxFiles: 1,
    maxFileBytes: maxFileBytes(app, FORM_LIMITS.maxFileBytes),
    accepted,
    textFields: [],
    maxTextBytes: 0,
    discard: (keys) => discardUploads(app, keys),
  });
  try {
    for (const file of upload.files) await assertNoMarkupBeforePdf(app, file);
    const [file] = await inspectUploadedDocuments(app, upload.files, 'file');
    if (!file) throw new AppError('VALIDATION_FAILED', { message: 'A file is needed.' });
    return file;
  } catch (error) {
    await discardUploads(
      app,
      upload.files.map((file) => file.key),
    );
    throw error;
  }
}

async function openFormVersion(
  app: FastifyInstance,
  formId: string,
  audience: Audience,
  target: { field?: string | undefined; version?: number | undefined },
) {
  const form = await loadOpenForm(app, formId, audience);
  const version = fillableVersion(await loadVersionFor(app, form, audience, target.version));
  return { accepted: acceptedTypes(version, target.field), providerId: form.provider_id };
}

/** POST /api/forms/{formId}/files: a file from the computer, for one of the caller's accounts. */
export async function addFormFile(
  app: FastifyInstance,
  userId: string,
  formId: string,
  query: { account_id: string; field?: string | undefined; version?: number | undefined },
  request: FastifyRequest,
): Promise<FormFile> {
  await assertAccountAction(app.db, userId, query.account_id, 'fill-in-forms');
  const { accepted } = await openFormVersion(app, formId, 'account', query);
  const owner: FileOwner = { kind: 'account', formId, accountId: query.account_id };
  await assertRoomForFile(app, owner);
  const file = await receiveFile(app, request, accepted);
  const expiresAt = addSeconds(app.clock.now(), ACCOUNT_FILE_TTL_SECONDS);
  const holder: StorageHolder = { kind: 'account', accountId: query.account_id };
  return recordFile(app, owner, file, { uploadId: null, expiresAt, holder });
}

/**
 * POST /api/forms/{formId}/files/from-upload: one of the account's uploads, by reference (the
 * same stored bytes, no copy), held to the same rules as a file from the computer.
 */
export async function addFormFileFromUpload(
  app: FastifyInstance,
  userId: string,
  formId: string,
  body: {
    account_id: string;
    upload_id: string;
    field?: string | undefined;
    version?: number | undefined;
  },
): Promise<FormFile> {
  await assertAccountAction(app.db, userId, body.account_id, 'fill-in-forms');
  const { accepted } = await openFormVersion(app, formId, 'account', body);
  const upload = await findLiveUpload(app, body.account_id, body.upload_id);
  if (!upload) {
    throw new AppError('NOT_FOUND', {
      message: 'That upload is not among the uploads of this account.',
      details: [{ path: 'upload_id', message: `No upload ${body.upload_id}` }],
    });
  }
  const about = [{ path: 'upload_id', filename: upload.filename }];
  if (!accepted.some((type) => type === upload.contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `“${upload.filename}” cannot go here: this field takes ${describeFileTypes(accepted)}.`,
      details: about,
    });
  }
  assertFileSize(app, upload.filename, upload.size, 'upload_id');
  if (upload.size > FORM_LIMITS.maxFileBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', {
      message: `“${upload.filename}” is larger than ${FORM_LIMITS.maxFileBytes / (1024 * 1024)} MB, the most a file may have here.`,
      details: about,
    });
  }
  const owner: FileOwner = { kind: 'account', formId, accountId: body.account_id };
  await assertRoomForFile(app, owner);
  if (upload.contentType === 'application/pdf') {
    // Uploads were opened when they arrived; this one is opened again, by the same rules.
    await inspectUploadedDocuments(
      app,
      [{ ...upload, contentType: 'application/pdf' }],
      'upload_id',
    );
  }
  const expiresAt = addSeconds(app.clock.now(), ACCOUNT_FILE_TTL_SECONDS);
  return recordFile(app, owner, upload, { uploadId: body.upload_id, expiresAt, holder: null });
}

/** POST /api/public/forms/{formId}/upload-token: a token for an anonymous visitor's files. */
export async function createUploadToken(
  app: FastifyInstance,
  formId: string,
  request: FastifyRequest,
): Promise<FormUploadToken> {
  await loadOpenForm(app, formId, 'public');
  await reserveRateLimitHits(app, [
    {
      key: addressKey('form_upload_token', requestOrigin(request).ipAddress),
      max: TOKENS_PER_ADDRESS_PER_HOUR,
      windowSeconds: HOUR,
    },
  ]);
  const { token, expiresAt } = issueUploadToken(app, formId);
  return { token, expires_at: expiresAt.toISOString() };
}

/** POST /api/public/forms/{formId}/files: an anonymous visitor's file, with their token. */
export async function addPublicFormFile(
  app: FastifyInstance,
  formId: string,
  token: string | undefined,
  query: { field?: string | undefined; version?: number | undefined },
  request: FastifyRequest,
): Promise<FormFile> {
  const { accepted, providerId } = await openFormVersion(app, formId, 'public', query);
  const { tokenHash } = verifyUploadToken(app, formId, token);
  const owner: FileOwner = { kind: 'token', formId, tokenHash };
  await assertRoomForFile(app, owner);
  await reserveRateLimitHits(app, [
    {
      key: addressKey('form_file', requestOrigin(request).ipAddress),
      max: PUBLIC_FILES_PER_ADDRESS_PER_HOUR,
      windowSeconds: HOUR,
    },
  ]);
  const file = await receiveFile(app, request, accepted);
  // The file lives as long as a token does from now, so one sent late in the token's life
  // still goes with the answers; the token itself takes no more files once it expired.
  const expiresAt = addSeconds(app.clock.now(), FORM_TOKEN_TTL_SECONDS);
  const holder: StorageHolder = { kind: 'provider', providerId };
  return recordFile(app, owner, file, { uploadId: null, expiresAt, holder });
}
