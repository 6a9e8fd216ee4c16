import { HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ConfigError, type StorageSettings } from '../../config/env.ts';

export type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/**
 * A client for any S3-compatible store. Checksums only where S3 demands them: the SDK's
 * default CRC32 headers on every request break several compatible stores. `forcePathStyle`
 * puts the bucket in the path, which most of them need.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Fails at start, naming the setting to look at, when the bucket cannot be reached: creating
 * it is the operator's job, and finding out at the first delivery would be too late.
 */
export async function assertBucketReachable(client: S3Client, settings: S3Settings): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const where = `bucket "${settings.bucket}" at ${settings.endpoint}`;
    const problem = isS3Status(error, 404)
      ? `S3_BUCKET: the ${where} does not exist; create it first`
      : isS3Status(error, 403) || isS3Status(error, 401)
        ? `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the ${where} refuses these keys`
        : `S3_ENDPOINT: the ${where} cannot be reached (${describeError(error)})`;
    throw new ConfigError([problem]);
  }
}

function describeError(error: unknown): string {
  if (error instanceof S3ServiceException) {
    return `${error.name}, HTTP ${error.$metadata.httpStatusCode ?? '?'}`;
  }
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
    return `${code}${error.message}`;
  }
  return String(error);
}

export function isS3Status(error: unknown, status: number): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;
}

/** A missing object: `NoSuchKey` from GET, a bare 404 from HEAD. */
export function isMissingObject(error: unknown): boolean {
  return (
    error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')
  );
}
