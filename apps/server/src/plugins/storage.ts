import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { StorageSettings } from '../config/env.ts';
import type { DocumentStore } from './storage/document-store.ts';
import { FileSystemDocumentStore } from './storage/file-system-document-store.ts';
import { assertBucketReachable, createS3Client } from './storage/s3-client.ts';
import { S3DocumentStore } from './storage/s3-document-store.ts';

export {
  DOCUMENT_KEY_PATTERN,
  type ByteRange,
  type DocumentStore,
  type StoredDocument,
  type TemporaryFilesCleaned,
} from './storage/document-store.ts';
export { FileSystemDocumentStore } from './storage/file-system-document-store.ts';
export { S3DocumentStore } from './storage/s3-document-store.ts';
export { S3UploadStaging, s3UploadStagingFor } from './storage/s3-upload-staging.ts';

export type DocumentStoreKind = StorageSettings['kind'];

export interface OpenedDocumentStore {
  store: DocumentStore;
  /** Releases the store's connections (the S3 client's sockets). */
  close(): void;
}

/** The file-system store's place under DATA_DIR. */
export function documentsDirOf(dataDir: string): string {
  return path.join(dataDir, 'documents');
}

/**
 * The store `kind` names: files under DATA_DIR, or the bucket of the S3 settings, which must
 * be reachable (a ConfigError saying what to fix otherwise).
 */
export async function openDocumentStore(
  kind: DocumentStoreKind,
  options: { storage: StorageSettings; dataDir: string; clock: Clock },
): Promise<OpenedDocumentStore> {
  const { storage } = options;
  if (kind === 'filesystem') {
    return {
      store: new FileSystemDocumentStore(documentsDirOf(options.dataDir), options.clock),
      close: () => {},
    };
  }
  if (storage.kind !== 's3') throw new TypeError('S3 is not configured (set S3_ENDPOINT and co.)');
  const client = createS3Client(storage);
  try {
    await assertBucketReachable(client, storage);
  } catch (error) {
    client.destroy();
    throw error;
  }
  return {
    store: new S3DocumentStore({ client, bucket: storage.bucket, clock: options.clock }),
    close: () => client.destroy(),
  };
}
