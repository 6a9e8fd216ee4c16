import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/migrations/context.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/**
 * One quota and one size limit for every byte a user causes Kuvert to keep. Whoever stores
 * bytes on someone's behalf calls `reserveStorage` in the transaction that records them; the
 * modules that keep bytes tell, through `countStoredBytes`, how many each holder has. So the
 * quota knows every kind of file without naming any module's tables.
 *
 * Holders: an account (its uploads, uploads in progress at their announced size, trash, and
 * the files its members attached to forms), or a provider (the files anonymous visitors
 * attached to its forms and have not sent yet: they are kept on the receiving side's behalf).
 */
export type StorageHolder =
  { kind: 'account'; accountId: string } | { kind: 'provider'; providerId: string };

/** Bytes that one module keeps for the holder. */
export type StoredBytesCounter = (db: Kysely<Database>, holder: StorageHolder) => Promise<number>;

export class StorageQuota {
  readonly #counters: StoredBytesCounter[] = [];

  /** Modules call this once, when they are registered. */
  countStoredBytes(counter: StoredBytesCounter): void {
    this.#counters.push(counter);
  }

  async storedBytesOf(db: Kysely<Database>, holder: StorageHolder): Promise<number> {
    let total = 0;
    for (const counter of this.#counters) total += await counter(db, holder);
    return total;
  }
}

type QuotaContext = Pick<FastifyInstance, 'config' | 'engine' | 'storageQuota'>;

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

/** The largest file anyone may store: UPLOAD_MAX_BYTES, or a smaller limit of the route. */
export function maxFileBytes(app: Pick<FastifyInstance, 'config'>, routeLimit?: number): number {
  const { maxBytes } = app.config.uploads;
  return routeLimit === undefined ? maxBytes : Math.min(maxBytes, routeLimit);
}

/** 413 PAYLOAD_TOO_LARGE when one file is larger than UPLOAD_MAX_BYTES. */
export function assertFileSize(
  app: Pick<FastifyInstance, 'config'>,
  filename: string,
  size: number,
  path = 'file',
): void {
  const limit = maxFileBytes(app);
  if (size <= limit) return;
  throw new AppError('PAYLOAD_TOO_LARGE', {
    message: `“${filename}” is ${formatBytes(size)}; a file may have at most ${formatBytes(limit)}.`,
    details: aboutFile(filename, path),
  });
}

function holderKey(holder: StorageHolder): string {
  return holder.kind === 'account'
    ? `storage:account:${holder.accountId}`
    : `storage:provider:${holder.providerId}`;
}

/**
 * Makes reservations for one holder take turns until the transaction ends. PostgreSQL: a
 * transaction-scoped advisory lock on the holder; SQLite's write transactions (BEGIN
 * IMMEDIATE) already run one at a time.
 */
async function lockHolder(trx: Kysely<Database>, engine: Engine, holder: StorageHolder) {
  if (engine !== 'postgres') return;
  const id = createHash('sha256').update(holderKey(holder)).digest().readBigInt64BE(0);
  await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
}

/**
 * Reserves room for `size` more bytes of the holder, or throws 413 (PAYLOAD_TOO_LARGE for a
 * file over UPLOAD_MAX_BYTES, QUOTA_EXCEEDED when it does not fit). Call it in the
 * transaction that then records the file (the row is the reservation): the holder stays
 * locked until the commit, so parallel requests are counted one after another and together
 * get no more room than one after the other would.
 */
export async function reserveStorage(
  app: QuotaContext,
  trx: Kysely<Database>,
  holder: StorageHolder,
  file: { filename: string; size: number; path?: string },
): Promise<void> {
  assertFileSize(app, file.filename, file.size, file.path);
  await lockHolder(trx, app.engine, holder);
  const used = await app.storageQuota.storedBytesOf(trx, holder);
  const quota = app.config.uploads.accountQuotaBytes;
  if (used + file.size <= quota) return;
  const free = Math.max(0, quota - used);
  // An anonymous visitor learns nothing of the provider's storage, only that it is full.
  const message =
    holder.kind === 'account'
      ? `“${file.filename}” (${formatBytes(file.size)}) does not fit: ${formatBytes(free)} of the account's ${formatBytes(quota)} are free.`
      : `“${file.filename}” cannot be taken now: this form has no room for more files. Try again later.`;
  throw new AppError('QUOTA_EXCEEDED', {
    message,
    details: aboutFile(file.filename, file.path),
  });
}
