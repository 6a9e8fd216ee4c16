import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { MB } from '../../test/streams.ts';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { describeDocumentStoreContract } from './document-store.contract.ts';
import { FileSystemDocumentStore } from './file-system-document-store.ts';
import { createS3Client } from './s3-client.ts';
import { S3DocumentStore } from './s3-document-store.ts';

/** Files under the root, temp files included, as paths relative to it. */
async function listFiles(rootDir: string): Promise<string[]> {
  const entries = await readdir(rootDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(rootDir, path.join(entry.parentPath, entry.name)))
    .toSorted();
}

describeDocumentStoreContract('FileSystemDocumentStore', {
  largeDocumentBytes: 200 * MB,
  async open(clock) {
    const rootDir = await mkdtemp(path.join(tmpdir(), 'kuvert-storage-'));
    return {
      store: new FileSystemDocumentStore(rootDir, clock),
      listAll: () => listFiles(rootDir),
      placeOf: (key) => path.join(key.slice(0, 2), key.slice(2, 4), key),
      close: () => rm(rootDir, { recursive: true, force: true }),
    };
  },
});

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

describeDocumentStoreContract('S3DocumentStore', {
  // Smaller: s3rver writes every byte to disk twice (the temporary object, then the copy).
  largeDocumentBytes: 150 * MB,
  async open(clock) {
    const bucket = await s3.createBucket();
    const client = createS3Client(s3.settings(bucket));
    return {
      store: new S3DocumentStore({ client, bucket, clock }),
      listAll: () => s3.keys(bucket),
      placeOf: (key) => `documents/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`,
      close: async () => client.destroy(),
    };
  },
});
