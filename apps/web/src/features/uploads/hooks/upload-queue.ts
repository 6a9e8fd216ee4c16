import { useSyncExternalStore } from 'react';
import { defaultOptions, Upload } from 'tus-js-client';
import type { HttpRequest, PreviousUpload } from 'tus-js-client';
import { UPLOAD_CHUNK_BYTES, type UploadPurpose } from '@kuvert/shared/uploads';
import { uploadEndpoints } from '@kuvert/shared/uploads/endpoints';
import { apiUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/http.ts';
import type { NetworkError } from '../../../lib/http.ts';
import { getCsrfToken } from '../../../lib/session.ts';
import { isRetryableUploadError, tooLargeError, toUploadError } from './upload-errors.ts';
import { measureSpeed } from './upload-speed.ts';
import type { ProgressSample } from './upload-speed.ts';

/**
 * `uploading`; `waiting` (the connection dropped: tus tries again by itself, or when the
 * browser is back online); `paused` by the user; `checking` (all bytes sent, the server reads
 * the type); `done`; `failed` (refused, or tries ran out: see `error`).
 */
export type QueuedUploadStatus =
  'uploading' | 'waiting' | 'paused' | 'checking' | 'done' | 'failed';

export interface QueuedUpload {
  key: string;
  accountId: string;
  name: string;
  size: number;
  status: QueuedUploadStatus;
  bytesSent: number;
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  error: ApiError | NetworkError | null;
  /** Started where an earlier attempt (before a reload, say) stopped. */
  isResumed: boolean;
  /** The stored upload's id, once it is done. */
  uploadId: string | null;
  /** The server's id of the upload while it goes up (the "In progress" list leaves it out). */
  serverUploadId: string | null;
}

interface Entry {
  item: QueuedUpload;
  upload: Upload | null;
  fingerprint: string;
  samples: ProgressSample[];
  onServerChange: () => void;
}

export interface AddFilesContext {
  accountId: string;
  /** `library` when left out; a mail merge's CSV is kept out of the uploads' lists. */
  purpose?: UploadPurpose;
  /** The per-file limit the server told; null while unknown (the server checks anyway). */
  maxFileBytes: number | null;
  /** After the server kept an upload, or let one go: refresh the lists and the usage. */
  onServerChange: () => void;
}

/** Tries after a dropped connection: quickly first, then long enough for a server restart. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];
/** Progress is shown at most this often: a fast upload reports many times a second. */
const PROGRESS_EMIT_MS = 200;
const FINGERPRINT_PREFIX = 'kuvert';

let entries: readonly Entry[] = [];
let snapshot: readonly QueuedUpload[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
let progressTimer: ReturnType<typeof setTimeout> | undefined;

function emit(): void {
  clearTimeout(progressTimer);
  progressTimer = undefined;
  snapshot = entries.map((entry) => entry.item);
  for (const listener of listeners) listener();
}

function emitSoon(): void {
  if (progressTimer !== undefined) return;
  progressTimer = setTimeout(emit, PROGRESS_EMIT_MS);
}

function update(entry: Entry, changes: Partial<QueuedUpload>, now = true): void {
  entry.item = { ...entry.item, ...changes };
  if (now) emit();
  else emitSoon();
}

/** Tells `listener` of every change of the queue (progress, done, failed). */
export function subscribeToUploadQueue(listener: () => void): () => void {
  listeners.add(listener);
  listenForConnection();
  return () => listeners.delete(listener);
}

/** The uploads of this page: they go on while the user moves around the portal. */
export function useUploadQueue(): readonly QueuedUpload[] {
  return useSyncExternalStore(subscribeToUploadQueue, getUploadQueue);
}

export function getUploadQueue(): readonly QueuedUpload[] {
  return snapshot;
}

/**
 * Which stored, unfinished upload a file continues: the same file for the same mailbox (and,
 * for a mail merge's CSV, the same purpose: it must not continue an upload of the library).
 */
export function fingerprintOf(
  file: File,
  accountId: string,
  purpose: UploadPurpose = 'library',
): string {
  const parts = [FINGERPRINT_PREFIX, accountId, file.name, file.type, file.size, file.lastModified];
  return (purpose === 'library' ? parts : [...parts, purpose]).join('/');
}

const withCsrfToken = (request: HttpRequest) => {
  const token = getCsrfToken();
  if (token !== null) request.setHeader('X-CSRF-Token', token);
};

function tusOptions(accountId: string, purpose: UploadPurpose = 'library') {
  return {
    endpoint: apiUrl(uploadEndpoints.tus),
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    // A reload finds the upload's address again and continues where the server stands.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: (file: File) => Promise.resolve(fingerprintOf(file, accountId, purpose)),
    onBeforeRequest: withCsrfToken,
  };
}

/** Starts each file; returns the key of each one's entry, to follow it (a letter attaching it). */
export function addFiles(files: readonly File[], context: AddFilesContext): string[] {
  return files.map((file) => startFile(file, context));
}

function startFile(
  file: File,
  { accountId, purpose = 'library', maxFileBytes, onServerChange }: AddFilesContext,
): string {
  const fingerprint = fingerprintOf(file, accountId, purpose);
  // The same file dropped again while it is still on its way is the same upload.
  const running = entries.find(
    (entry) => entry.fingerprint === fingerprint && entry.item.status !== 'done',
  );
  if (running !== undefined && running.item.status !== 'failed') {
    if (running.item.status === 'paused') resumeUpload(running.item.key);
    return running.item.key;
  }
  if (running !== undefined) entries = entries.filter((entry) => entry !== running);
  const entry: Entry = {
    item: {
      key: String(nextKey++),
      accountId,
      name: file.name,
      size: file.size,
      status: 'uploading',
      bytesSent: 0,
      bytesPerSecond: null,
      secondsLeft: null,
      error: null,
      isResumed: false,
      uploadId: null,
      serverUploadId: null,
    },
    upload: null,
    fingerprint,
    samples: [],
    onServerChange,
  };
  entries = [entry, ...entries];
  if (maxFileBytes !== null && file.size > maxFileBytes) {
    update(entry, { status: 'failed', error: tooLargeError(file.name) });
    return entry.item.key;
  }
  emit();

  const upload = new Upload(file, {
    ...tusOptions(accountId, purpose),
    metadata: {
      filename: file.name,
      account_id: accountId,
      ...(purpose === 'library' ? {} : { purpose }),
      ...(file.type === '' ? {} : { filetype: file.type }),
    },
    onProgress: (bytesSent, bytesTotal) => {
      const speed = measureSpeed(entry.samples, bytesSent, bytesTotal, performance.now());
      const isSent = bytesSent >= bytesTotal;
      update(
        entry,
        {
          bytesSent,
          ...speed,
          status: isSent ? 'checking' : 'uploading',
        },
        isSent,
      );
    },
    onUploadUrlAvailable: () => update(entry, { serverUploadId: uploadIdOf(upload.url) }),
    onShouldRetry: (error) => {
      if (!isRetryableUploadError(error)) return false;
      // Offline, tries would only run out: wait for the connection instead (see below).
      if (!navigator.onLine) return false;
      entry.samples = [];
      update(entry, { status: 'waiting', bytesPerSecond: null, secondsLeft: null });
      return true;
    },
    onChunkComplete: () => {
      if (entry.item.status === 'waiting') update(entry, { status: 'uploading' });
    },
    onSuccess: () => {
      update(entry, {
        status: 'done',
        uploadId: uploadIdOf(upload.url),
        bytesSent: file.size,
        bytesPerSecond: null,
        secondsLeft: null,
      });
      onServerChange();
    },
    onError: (error) => {
      const failure = toUploadError(error, file.name);
      const isConnection = !(failure instanceof ApiError);
      entry.samples = [];
      if (isConnection && !navigator.onLine) {
        update(entry, { status: 'waiting', bytesPerSecond: null, secondsLeft: null });
        return;
      }
      update(entry, { status: 'failed', error: failure, bytesPerSecond: null, secondsLeft: null });
      // A refused file cannot continue: its stored address would only be offered again.
      if (isConnection) return;
      void forgetStoredUploads(fingerprint);
      // What it had sent is let go of: the usage shows it.
      onServerChange();
    },
  });
  entry.upload = upload;
  void upload.findPreviousUploads().then((previous) => {
    const [latest] = previous;
    if (latest !== undefined) {
      upload.resumeFromPreviousUpload(latest);
      update(entry, { isResumed: true });
    }
    upload.start();
  });
  return entry.item.key;
}

/** The tus address ends in the upload's id: `…/api/uploads/tus/{id}`. */
function uploadIdOf(url: string | null): string | null {
  const last = url?.split('?')[0]?.split('/').pop();
  return last === undefined || last === '' ? null : decodeURIComponent(last);
}

function findEntry(key: string): Entry | undefined {
  return entries.find((entry) => entry.item.key === key);
}

export function pauseUpload(key: string): void {
  const entry = findEntry(key);
  if (!entry?.upload) return;
  if (entry.item.status !== 'uploading' && entry.item.status !== 'waiting') return;
  void entry.upload.abort(false);
  entry.samples = [];
  update(entry, { status: 'paused', bytesPerSecond: null, secondsLeft: null });
}

export function resumeUpload(key: string): void {
  const entry = findEntry(key);
  if (!entry?.upload) return;
  const { status, error } = entry.item;
  const canContinue =
    status === 'paused' ||
    status === 'waiting' ||
    (status === 'failed' && isConnectionError(error));
  if (!canContinue) return;
  update(entry, { status: 'uploading', error: null });
  entry.upload.start();
}

/** Stops the upload and lets the server throw away what it received. */
export function cancelUpload(key: string): void {
  const entry = findEntry(key);
  if (!entry) return;
  entries = entries.filter((candidate) => candidate !== entry);
  emit();
  if (entry.upload && entry.item.status !== 'done') {
    // The server counted the bytes received so far; afterwards the usage shows them gone.
    void entry.upload
      .abort(true)
      .catch(() => forgetStoredUploads(entry.fingerprint))
      .finally(entry.onServerChange);
  }
}

/** Takes finished and refused files off the panel. */
export function clearFinishedUploads(): void {
  entries = entries.filter(
    (entry) =>
      entry.item.status !== 'done' &&
      !(entry.item.status === 'failed' && !isConnectionError(entry.item.error)),
  );
  emit();
}

function isConnectionError(error: QueuedUpload['error']): boolean {
  return error !== null && !(error instanceof ApiError);
}

let isListening = false;

/** Back online: what waited for the connection continues. */
function listenForConnection(): void {
  if (isListening || typeof window === 'undefined') return;
  isListening = true;
  window.addEventListener('online', () => {
    for (const entry of entries) {
      if (entry.item.status === 'waiting') resumeUpload(entry.item.key);
    }
  });
  // Leaving the page mid-upload loses nothing (a reload resumes), but the user should know.
  window.addEventListener('beforeunload', (event) => {
    if (entries.some((entry) => isInFlight(entry.item.status))) event.preventDefault();
  });
}

export function isInFlight(status: QueuedUploadStatus): boolean {
  return status === 'uploading' || status === 'waiting' || status === 'checking';
}

/** An upload begun earlier (before a reload) that never finished, continued by its file. */
export interface UnfinishedUpload {
  storageKey: string;
  uploadUrl: string;
  name: string;
  size: number | null;
  createdAt: string;
}

/** The mailbox's unfinished uploads this browser remembers, except those running now. */
export async function findUnfinishedUploads(accountId: string): Promise<UnfinishedUpload[]> {
  const stored: PreviousUpload[] = await defaultOptions.urlStorage.findAllUploads();
  const running = new Set(entries.map((entry) => entry.fingerprint));
  return stored.flatMap((previous) => {
    const { metadata, uploadUrl, urlStorageKey } = previous;
    if (uploadUrl === null || metadata.account_id !== accountId) return [];
    const fingerprint = urlStorageKey.split('::')[1] ?? '';
    if (!fingerprint.startsWith(`${FINGERPRINT_PREFIX}/`) || running.has(fingerprint)) return [];
    return [
      {
        storageKey: urlStorageKey,
        uploadUrl,
        name: metadata.filename ?? '',
        size: previous.size,
        createdAt: previous.creationTime,
      },
    ];
  });
}

/** How far the server got with an unfinished upload; null when it no longer has it. */
export async function fetchUploadOffset(uploadUrl: string): Promise<number | null> {
  const headers = new Headers({ 'Tus-Resumable': '1.0.0' });
  const token = getCsrfToken();
  if (token !== null) headers.set('X-CSRF-Token', token);
  try {
    const response = await fetch(uploadUrl, {
      method: 'HEAD',
      headers,
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const offset = Number(response.headers.get('Upload-Offset'));
    return Number.isFinite(offset) ? offset : null;
  } catch {
    return null;
  }
}

/** Gives up an unfinished upload: the server drops its bytes, the browser forgets it. */
export async function discardUnfinishedUpload(upload: UnfinishedUpload): Promise<void> {
  try {
    await Upload.terminate(upload.uploadUrl, { onBeforeRequest: withCsrfToken, retryDelays: [] });
  } catch {
    // Gone already, or unreachable: the server expires what nobody continues.
  }
  await defaultOptions.urlStorage.removeUpload(upload.storageKey);
}

async function forgetStoredUploads(fingerprint: string): Promise<void> {
  const stored = await defaultOptions.urlStorage.findUploadsByFingerprint(fingerprint);
  await Promise.all(
    stored.map((previous) => defaultOptions.urlStorage.removeUpload(previous.urlStorageKey)),
  );
}
