import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import { lockAccountForUploads, sumUploadBytes } from './uploads.repository.ts';

/** 1.5 MB, 200 MB, 5 GB: sizes in messages, decimal like the operating systems show them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${units[unit]}`;
}

/** `details` of a refusal, so the client can name the file (ApiError.filename). */
export function aboutFile(filename: string, path = 'file'): Array<Record<string, string>> {
  return [{ path, filename }];
}

/** 413 when one file is larger than UPLOAD_MAX_BYTES. */
export function assertFileSize(
  app: Pick<FastifyInstance, 'config'>,
  filename: string,
  size: number,
): void {
  const { maxBytes } = app.config.uploads;
  if (size <= maxBytes) return;
  throw new AppError('PAYLOAD_TOO_LARGE', {
    message: `“${filename}” is ${formatBytes(size)}; a file may have at most ${formatBytes(maxBytes)}.`,
    details: aboutFile(filename),
  });
}

/**
 * 413 QUOTA_EXCEEDED when `size` more bytes would take the account past its quota. Uploads
 * in progress count with their announced size, so parallel uploads cannot overrun it together.
 * Call it in the transaction that then inserts the upload: the account is locked until its
 * commit, so concurrent creations in one account are checked one after another.
 */
export async function assertRoomFor(
  app: Pick<FastifyInstance, 'config' | 'engine'>,
  trx: Kysely<Database>,
  accountId: string,
  filename: string,
  size: number,
): Promise<void> {
  await lockAccountForUploads(trx, app.engine, accountId);
  const used = await sumUploadBytes(trx, accountId);
  const quota = app.config.uploads.accountQuotaBytes;
  if (used + size <= quota) return;
  const free = Math.max(0, quota - used);
  throw new AppError('QUOTA_EXCEEDED', {
    message: `“${filename}” (${formatBytes(size)}) does not fit: ${formatBytes(free)} of the account's ${formatBytes(quota)} are free.`,
    details: aboutFile(filename),
  });
}
