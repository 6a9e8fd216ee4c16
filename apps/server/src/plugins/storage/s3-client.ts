import {
  DeleteObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type _Object,
} from '@aws-sdk/client-s3';
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

/** Every object under `prefix`, page by page (S3 answers at most 1,000 at a time). */
export async function* listObjects(
  client: S3Client,
  bucket: string,
  prefix: string,
): AsyncGenerator<_Object & { Key: string }> {
  let continuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        ...(continuationToken ? { ContinuationToken: continuationToken } : {}),
      }),
    );
    for (const object of page.Contents ?? []) {
      if (object.Key !== undefined) yield { ...object, Key: object.Key };
    }
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
}

/**
 * One DELETE per object rather than a DeleteObjects batch: the batch needs a Content-MD5 that
 * several S3-compatible stores insist on and the SDK no longer sends.
 */
export async function deleteObjects(
  client: S3Client,
  bucket: string,
  keys: readonly string[],
): Promise<void> {
  const parallel = 8;
  for (let index = 0; index < keys.length; index += parallel) {
    await Promise.all(
      keys
        .slice(index, index + parallel)
        .map((key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
    );
  }
}
