import { afterAll, beforeAll } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { createS3Client } from './s3-client.ts';
import { S3UploadStaging } from './s3-upload-staging.ts';
import { describeUploadStagingContract } from './upload-staging.contract.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

describeUploadStagingContract('S3UploadStaging', async () => {
  const bucket = await s3.createBucket();
  const clients = [createS3Client(s3.settings(bucket))];
  const instance = () => {
    const client = createS3Client(s3.settings(bucket));
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
