import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type HeadObjectCommandOutput,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { systemClock, type Clock } from '../../clock.ts';
import { AppError } from '../app-error.ts';
import {
  DOCUMENT_KEY_PATTERN,
  toBuffer,
  type ByteRange,
  type DocumentStore,
  type StoredDocument,
  type TemporaryFilesCleaned,
} from './document-store.ts';
import { isMissingObject, isS3Status } from './s3-client.ts';
import { abortStaleMultipartUploads, copyObject, listObjects, sliceOf } from './s3-objects.ts';

const DOCUMENTS_PREFIX = 'documents/';
/** `tmp/put/<uuid>`: the bytes of a `put` until their SHA-256, and so their key, is known. */
const PUT_PREFIX = 'tmp/put/';
/** `tmp/collect/<key>/<started ms>-<uuid>`: a collect of `<key>` is under way. */
const COLLECT_PREFIX = 'tmp/collect/';
const COLLECT_MARKER = /^tmp\/collect\/[0-9a-f]{64}\/(\d+)-[0-9a-f-]{36}$/;
/** Where multipart uploads that a crash may have left unfinished live. */
const MULTIPART_PREFIXES = ['tmp/', 'staging/'];

/**
 * S3's smallest part. With two in flight a put holds some 30 to 40 MB (a part is buffered
 * twice on its way), whatever the size of the document.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;
const S3_PARTS_IN_FLIGHT = 2;

/** User metadata (`x-amz-meta-put-at`): when the document was last put, in the app's clock. */
const PUT_AT = 'put-at';
const CONTENT_TYPE = 'application/octet-stream';

/**
 * A collect that took longer than this between announcing itself and deleting gives up (the
 * key is checked again later), so that a put never has to wait on a marker older than
 * `COLLECT_MARKER_LIFETIME_MS`: such a marker was left by a crash. The margin between the two
 * allows for clocks of different instances that disagree by up to half a minute.
 */
const COLLECT_DEADLINE_MS = 10_000;
const COLLECT_MARKER_LIFETIME_MS = 60_000;
const COLLECT_POLL_MS = 25;

/**
 * Documents as objects `documents/ab/cd/<sha256>` in an S3 bucket. A put streams the bytes to
 * a temporary object (hashing them on the way; S3's own multipart upload, so memory stays flat
 * for any size), then copies it to its key and deletes the temporary one: a reader never sees
 * half a document. The copy stamps the document with the time of the put, which is what
 * `collect` compares.
 *
 * S3 cannot rename, so `collect` cannot take a document out of place atomically as the file
 * system does. Instead it announces itself with a marker object before it looks at the time,
 * and a put looks for markers after it stamped the document: either the collect sees the
 * fresh time, or the put sees the marker, waits for that collect to end and puts the document
 * back if it went. This relies on S3's strong read-after-write consistency (AWS since 2020,
 * and the usual S3-compatible servers); check that of any other store.
 */
export class S3DocumentStore implements DocumentStore {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly clock: Clock;

  constructor(options: { client: S3Client; bucket: string; clock?: Clock }) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.clock = options.clock ?? systemClock;
  }

  async put(source: Readable | Buffer, options: { maxBytes: number }): Promise<StoredDocument> {
    if (Buffer.isBuffer(source)) return this.putBuffer(source, options.maxBytes);
    const tempKey = `${PUT_PREFIX}${randomUUID()}`;
    try {
      const { sha256, size } = await this.uploadHashed(source, tempKey, options.maxBytes);
      const place = () => this.copyStamped(tempKey, objectKeyOf(sha256), size);
      await place();
      await this.outlastCollects(sha256, place);
      return { key: sha256, size, sha256 };
    } finally {
      await this.deleteQuietly(tempKey);
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    return this.getObject(key, range);
  }

  async read(key: string): Promise<Buffer> {
    return buffer(await this.getObject(key));
  }

  async exists(key: string): Promise<boolean> {
    if (!DOCUMENT_KEY_PATTERN.test(key)) return false;
    return (await this.headDocument(key)) !== undefined;
  }

  /** One HEAD of the bucket: the store answers, and these keys may use the bucket. */
  async ping(options: { signal?: AbortSignal } = {}): Promise<void> {
    await this.client.send(
      new HeadBucketCommand({ Bucket: this.bucket }),
      options.signal ? { abortSignal: options.signal } : {},
    );
  }

  async collect(key: string, untouchedSince: Date): Promise<'removed' | 'kept' | 'missing'> {
    const objectKey = objectKeyOf(key);
    const started = performance.now();
    const marker = `${COLLECT_PREFIX}${key}/${this.clock.now().getTime()}-${randomUUID()}`;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: marker, Body: Buffer.alloc(0) }),
    );
    try {
      const head = await this.headDocument(key);
      if (!head) return 'missing';
      if (putTimeOf(head) >= untouchedSince.getTime()) return 'kept';
      // Too slow to be sure that a put waiting on our marker still waits: next time, then.
      if (performance.now() - started > COLLECT_DEADLINE_MS) return 'kept';
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return 'removed';
    } finally {
      await this.deleteQuietly(marker);
    }
  }

  /**
   * Removes temporary objects of puts that never finished (by their time in the bucket, as
   * they are written in one go), markers of collects that crashed, and multipart uploads
   * nothing added a part to since `olderThan`. Nothing is ever put back: a collect does not
   * move the document it looks at.
   */
  async cleanTemporaryFiles(olderThan: Date): Promise<TemporaryFilesCleaned> {
    const cutOff = olderThan.getTime();
    const stale: string[] = [];
    for await (const object of listObjects(this.client, this.bucket, PUT_PREFIX)) {
      if ((object.LastModified?.getTime() ?? 0) < cutOff) stale.push(object.Key);
    }
    for await (const object of listObjects(this.client, this.bucket, COLLECT_PREFIX)) {
      const startedAt = Number(COLLECT_MARKER.exec(object.Key)?.[1] ?? Number.NaN);
      if (startedAt < cutOff) stale.push(object.Key);
    }
    for (const key of stale) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
    let aborted = 0;
    for (const prefix of MULTIPART_PREFIXES) {
      aborted += await abortStaleMultipartUploads(this.client, this.bucket, prefix, cutOff);
    }
    return { removed: stale.length + aborted, restored: 0 };
  }

  /** A buffer's key is known up front: it goes straight to its place. */
  private async putBuffer(bytes: Buffer, maxBytes: number): Promise<StoredDocument> {
    if (bytes.length > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const place = async () => {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: objectKeyOf(sha256),
          Body: bytes,
          ContentType: CONTENT_TYPE,
          Metadata: this.putMetadata(),
        }),
      );
    };
    await place();
    await this.outlastCollects(sha256, place);
    return { key: sha256, size: bytes.length, sha256 };
  }

  /**
   * Streams `source` to `key` part by part. Past `maxBytes` the source is destroyed at once
   * and the multipart upload aborted, so nothing of it stays in the bucket.
   */
  private async uploadHashed(
    source: Readable,
    key: string,
    maxBytes: number,
  ): Promise<{ sha256: string; size: number }> {
    const hash = createHash('sha256');
    let size = 0;
    // Ours or the source's: what the caller must see, not the abort that followed it.
    let failure: unknown;
    async function* hashed(): AsyncGenerator<Buffer> {
      try {
        // Leaving the loop destroys the source stream.
        for await (const chunk of source) {
          const bytes = toBuffer(chunk);
          size += bytes.length;
          if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
          hash.update(bytes);
          yield bytes;
        }
      } catch (error) {
        failure ??= error;
        throw error;
      }
    }
    const body = Readable.from(hashed(), { objectMode: false });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: CONTENT_TYPE },
      partSize: S3_PART_BYTES,
      queueSize: S3_PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw failure ?? error;
    }
    return { sha256: hash.digest('hex'), size };
  }

  /**
   * After a put stamped its document: waits out every collect of the key that was under way,
   * then makes sure the document is (still) there. A collect that looked at the time before
   * our stamp announced itself before that too, so it is seen here, or has finished already.
   */
  private async outlastCollects(key: string, place: () => Promise<void>): Promise<void> {
    for (;;) {
      await this.waitForCollects(key);
      if (await this.headDocument(key)) return;
      await place();
    }
  }

  private async waitForCollects(key: string): Promise<void> {
    const waitStarted = performance.now();
    for (;;) {
      const now = this.clock.now().getTime();
      let isCollecting = false;
      for await (const object of listObjects(
        this.client,
        this.bucket,
        `${COLLECT_PREFIX}${key}/`,
      )) {
        const startedAt = Number(COLLECT_MARKER.exec(object.Key)?.[1] ?? Number.NaN);
        if (now - startedAt < COLLECT_MARKER_LIFETIME_MS) isCollecting = true;
      }
      if (!isCollecting || performance.now() - waitStarted > COLLECT_MARKER_LIFETIME_MS) return;
      await sleep(COLLECT_POLL_MS);
    }
  }

  private putMetadata(): Record<string, string> {
    return { [PUT_AT]: this.clock.now().toISOString() };
  }

  /** Copies with a fresh put time (the metadata is replaced, not copied). */
  private async copyStamped(from: string, to: string, size: number): Promise<void> {
    await copyObject(this.client, {
      bucket: this.bucket,
      from,
      to,
      size,
      contentType: CONTENT_TYPE,
      metadata: this.putMetadata(),
    });
  }

  private async getObject(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: objectKeyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(response.Body instanceof Readable)) {
        throw new TypeError('The S3 client answered without a Node.js stream');
      }
      if (!range) return response.Body;
      // A server may ignore a Range (HTTP allows it; s3rver does for `bytes=0-0`).
      const servedFrom = /^bytes (\d+)-(\d+)\//.exec(response.ContentRange ?? '');
      const isServedAsAsked =
        Number(servedFrom?.[1]) === range.start && Number(servedFrom?.[2]) <= range.end;
      if (isServedAsAsked) return response.Body;
      return sliceOf(
        response.Body,
        range.start - Number(servedFrom?.[1] ?? 0),
        range.end - range.start + 1,
      );
    } catch (error) {
      if (isMissingObject(error)) throw new AppError('NOT_FOUND');
      if (isS3Status(error, 416)) throw new AppError('RANGE_NOT_SATISFIABLE');
      throw error;
    }
  }

  private async headDocument(key: string): Promise<HeadObjectCommandOutput | undefined> {
    try {
      return await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: objectKeyOf(key) }),
      );
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  /** A temporary object left by a failed delete is found by `cleanTemporaryFiles` later. */
  private async deleteQuietly(key: string): Promise<void> {
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
      .catch(() => {});
  }
}

/** Keys come from our own database, but are checked anyway so no key can reach elsewhere. */
function objectKeyOf(key: string): string {
  if (!DOCUMENT_KEY_PATTERN.test(key)) throw new AppError('NOT_FOUND');
  return `${DOCUMENTS_PREFIX}${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
}

/** The time of the last put; an object written by other means counts from its modification. */
function putTimeOf(head: HeadObjectCommandOutput): number {
  const stamped = Date.parse(head.Metadata?.[PUT_AT] ?? '');
  if (!Number.isNaN(stamped)) return stamped;
  return head.LastModified?.getTime() ?? 0;
}
