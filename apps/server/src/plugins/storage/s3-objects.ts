import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3ServiceException,
  UploadPartCopyCommand,
  type _Object,
  type S3Client,
} from '@aws-sdk/client-s3';
import { toBuffer } from './document-store.ts';

/** CopyObject takes at most 5 GiB; larger objects are copied in parts. */
const MAX_SINGLE_COPY_BYTES = 5 * 1024 * 1024 * 1024;
const COPY_PART_BYTES = 1024 * 1024 * 1024;

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

/** Copies `from` to `to` in the bucket, replacing the metadata; in parts beyond 5 GiB. */
export async function copyObject(
  client: S3Client,
  copy: {
    bucket: string;
    from: string;
    to: string;
    size: number;
    contentType: string;
    metadata: Record<string, string>;
  },
): Promise<void> {
  const target = {
    Bucket: copy.bucket,
    Key: copy.to,
    ContentType: copy.contentType,
    Metadata: copy.metadata,
  };
  const copySource = `${copy.bucket}/${copy.from}`;
  if (copy.size <= MAX_SINGLE_COPY_BYTES) {
    await client.send(
      new CopyObjectCommand({ ...target, CopySource: copySource, MetadataDirective: 'REPLACE' }),
    );
    return;
  }
  const { UploadId } = await client.send(new CreateMultipartUploadCommand(target));
  const upload = { Bucket: copy.bucket, Key: copy.to, UploadId };
  try {
    const parts: Array<{ PartNumber: number; ETag: string | undefined }> = [];
    for (let start = 0; start < copy.size; start += COPY_PART_BYTES) {
      const end = Math.min(start + COPY_PART_BYTES, copy.size) - 1;
      const partNumber = parts.length + 1;
      const copied = await client.send(
        new UploadPartCopyCommand({
          ...upload,
          PartNumber: partNumber,
          CopySource: copySource,
          CopySourceRange: `bytes=${start}-${end}`,
        }),
      );
      parts.push({ PartNumber: partNumber, ETag: copied.CopyPartResult?.ETag });
    }
    await client.send(
      new CompleteMultipartUploadCommand({ ...upload, MultipartUpload: { Parts: parts } }),
    );
  } catch (error) {
    await client.send(new AbortMultipartUploadCommand(upload)).catch(() => {});
    throw error;
  }
}

/**
 * Aborts the multipart uploads under `prefix` that nothing added a part to since `cutOff`
 * (a crash left them); answers how many.
 */
export async function abortStaleMultipartUploads(
  client: S3Client,
  bucket: string,
  prefix: string,
  cutOff: number,
): Promise<number> {
  let aborted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    let page;
    try {
      page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          Prefix: prefix,
          ...(keyMarker ? { KeyMarker: keyMarker } : {}),
          ...(uploadIdMarker ? { UploadIdMarker: uploadIdMarker } : {}),
        }),
      );
    } catch (error) {
      // Some S3-compatible servers cannot list them; a lifecycle rule tidies up there.
      if (error instanceof S3ServiceException && error.name === 'NotImplemented') return 0;
      throw error;
    }
    for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
      if (!Key || !UploadId || (Initiated?.getTime() ?? 0) >= cutOff) continue;
      if ((await lastPartTime(client, { Bucket: bucket, Key, UploadId })) >= cutOff) continue;
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId }));
      aborted += 1;
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (keyMarker);
  return aborted;
}

async function lastPartTime(
  client: S3Client,
  upload: { Bucket: string; Key: string; UploadId: string },
): Promise<number> {
  let latest = 0;
  let partMarker: string | undefined;
  do {
    const page = await client.send(
      new ListPartsCommand({
        ...upload,
        ...(partMarker ? { PartNumberMarker: partMarker } : {}),
      }),
    );
    for (const part of page.Parts ?? []) {
      latest = Math.max(latest, part.LastModified?.getTime() ?? 0);
    }
    partMarker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
  } while (partMarker);
  return latest;
}

/** `length` bytes of `body` after the first `skip`; stops reading `body` there. */
export function sliceOf(body: Readable, skip: number, length: number): Readable {
  async function* slice(): AsyncGenerator<Buffer> {
    let toSkip = skip;
    let left = length;
    try {
      for await (const chunk of body) {
        let bytes = toBuffer(chunk);
        const skipped = Math.min(toSkip, bytes.length);
        bytes = bytes.subarray(skipped);
        toSkip -= skipped;
        if (bytes.length === 0) continue;
        if (bytes.length >= left) {
          yield bytes.subarray(0, left);
          return;
        }
        left -= bytes.length;
        yield bytes;
      }
    } finally {
      body.destroy();
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
