import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { S3Client } from '@aws-sdk/client-s3';
import { externalS3Store, startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { FileSystemUploadStaging } from './file-system-upload-staging.ts';
import { createS3Client } from './s3-client.ts';
import { S3UploadStaging } from './s3-upload-staging.ts';
import { describeUploadStagingContract } from './upload-staging.contract.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

function s3Contract(name: string, server: () => S3TestServer): void {
  describeUploadStagingContract(name, async () => {
    // Uploads have ids of their own: no need to empty a shared bucket (nor may this file).
    const bucket = server().fixedBucket ?? (await server().createBucket());
    const clients: S3Client[] = [];
    const instance = () => {
      const client = createS3Client(server().settings(bucket));
      clients.push(client);
      return new S3UploadStaging({ client, bucket });
    };
    return {
      staging: instance(),
      another: instance,
      close: async () => {
        for (const client of clients) client.destroy();
      },
    };
  });
}

s3Contract('S3UploadStaging on s3rver', () => s3);

// Two instances sharing one folder, as two processes sharing DATA_DIR would.
describeUploadStagingContract('FileSystemUploadStaging', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kuvert-staging-'));
  return {
    staging: new FileSystemUploadStaging(root),
    another: () => new FileSystemUploadStaging(root),
    close: () => rm(root, { recursive: true, force: true }),
  };
});

// The real store, when TEST_S3_* name one (see the README): what production must pass.
const external = externalS3Store();
if (external) {
  afterAll(async () => external.close());
  s3Contract(`S3UploadStaging on ${external.endpoint}`, () => external);
}
