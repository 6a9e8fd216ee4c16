import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { MB } from '../../test/streams.ts';
import {
  documentStoreKeys,
  externalS3Store,
  startS3Server,
  type S3TestServer,
} from '../../test/s3-server.ts';
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

function s3Contract(name: string, server: () => S3TestServer, largeDocumentBytes: number): void {
  describeDocumentStoreContract(name, {
    largeDocumentBytes,
    async open(clock) {
      const bucket = await server().createBucket();
      const client = createS3Client(server().settings(bucket));
      return {
        store: new S3DocumentStore({ client, bucket, clock }),
        listAll: () => documentStoreKeys(server(), bucket),
        placeOf: (key) => `documents/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`,
        close: async () => client.destroy(),
      };
    },
  });
}

// Smaller: s3rver writes every byte to disk twice (the temporary object, then the copy).
s3Contract('S3DocumentStore on s3rver', () => s3, 150 * MB);

// The real store, when TEST_S3_* name one (see the README): what production must pass.
const external = externalS3Store();
if (external) {
  afterAll(async () => external.close());
  s3Contract(`S3DocumentStore on ${external.endpoint}`, () => external, 150 * MB);
}
