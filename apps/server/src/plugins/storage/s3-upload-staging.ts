import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { UPLOAD_CHUNK_BYTES } from '@kuvert/shared/uploads';
import type { UploadStaging } from './upload-staging.ts';
import { AppError } from '../app-error.ts';
import type { DocumentStore } from './document-store.ts';
import { deleteObjects, listObjects } from './s3-objects.ts';
import { S3_PART_BYTES, S3DocumentStore } from './s3-document-store.ts';

const STAGING_PREFIX = 'staging/';
/** Enough digits for any safe integer, so that the keys sort as their offsets do. */
const OFFSET_DIGITS = 16;
const PIECE_KEY = /\/(\d{16})$/;
const UPLOAD_ID = /^[A-Za-z0-9_-]{1,100}$/;
/** A PATCH of the web client's size goes up in one request; a longer body in parts. */
const PIECE_PART_BYTES = Math.max(S3_PART_BYTES, UPLOAD_CHUNK_BYTES);

interface Piece {
  key: string;
  offset: number;
  size: number;
}

/**
 * The bytes of uploads in progress in the bucket, so that any instance can continue an
 * upload: each PATCH becomes one object `staging/<id>/<offset, zero-padded>`, one request for
 * a PATCH of up to 8 MiB (the web client's), streamed in parts beyond (memory stays flat
 * however long the body). A body cut off mid-way still becomes an object of what arrived.
 * Appends at one upload never run at once (the uploads' lock).
 */
export class S3UploadStaging implements UploadStaging {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: { client: S3Client; bucket: string }) {
    this.client = options.client;
    this.bucket = options.bucket;
  }

  async append(id: string, offset: number, source: Readable, maxBytes: number): Promise<number> {
    const pieces = await this.piecesOf(id);
    const kept = pieces.filter((piece) => piece.offset < offset);
    if (contiguousLength(kept) !== offset) {
      throw new Error(`Upload ${id} has ${contiguousLength(kept)} bytes staged, not ${offset}`);
    }
    // Left by an append whose new offset was never recorded (a crash): the client sends again.
    await deleteObjects(
      this.client,
      this.bucket,
      pieces.filter((piece) => piece.offset >= offset).map((piece) => piece.key),
    );

    let size = 0;
    let refusal: AppError | undefined;
    async function* arrived(): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of source) {
          const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
          size += bytes.length;
          if (size > maxBytes) {
            refusal = new AppError('PAYLOAD_TOO_LARGE');
            throw refusal;
          }
          yield bytes;
        }
      } catch (error) {
        if (error === refusal) throw error;
        // The request was cut off: what arrived is kept, and the client resumes after it.
      }
    }
    const bytes = arrived();
    const first = await bytes.next();
    if (first.done) return 0;
    const body = Readable.from(prepend(first.value, bytes), { objectMode: false });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.pieceKey(id, offset), Body: body },
      partSize: PIECE_PART_BYTES,
      queueSize: 1,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw refusal ?? error;
    }
    return size;
  }

  async open(id: string): Promise<Readable> {
    const pieces = await this.piecesOf(id);
    assertContiguous(id, pieces);
    const { client, bucket } = this;
    async function* concatenated(): AsyncGenerator<Buffer> {
      for (const piece of pieces) {
        const response = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: piece.key }),
        );
        if (!(response.Body instanceof Readable)) throw new TypeError('Expected a Node.js stream');
        for await (const chunk of response.Body)
          yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      }
    }
    return Readable.from(concatenated(), { objectMode: false });
  }

  async head(id: string, length: number): Promise<Buffer> {
    const pieces = await this.piecesOf(id);
    assertContiguous(id, pieces);
    const parts: Buffer[] = [];
    let remaining = length;
    for (const piece of pieces) {
      if (remaining <= 0) break;
      const take = Math.min(piece.size, remaining);
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: piece.key, Range: `bytes=0-${take - 1}` }),
      );
      if (!(response.Body instanceof Readable)) throw new TypeError('Expected a Node.js stream');
      // (A server may ignore the Range and send the whole piece.)
      parts.push((await buffer(response.Body)).subarray(0, take));
      remaining -= take;
    }
    return Buffer.concat(parts);
  }

  async remove(id: string): Promise<void> {
    const pieces = await this.piecesOf(id);
    await deleteObjects(
      this.client,
      this.bucket,
      pieces.map((piece) => piece.key),
    );
  }

  private prefixOf(id: string): string {
    if (!UPLOAD_ID.test(id)) throw new TypeError(`Not an upload id: ${id}`);
    return `${STAGING_PREFIX}${id}/`;
  }

  private pieceKey(id: string, offset: number): string {
    return `${this.prefixOf(id)}${String(offset).padStart(OFFSET_DIGITS, '0')}`;
  }

  /** The upload's objects in the order of their offsets. */
  private async piecesOf(id: string): Promise<Piece[]> {
    const pieces: Piece[] = [];
    for await (const object of listObjects(this.client, this.bucket, this.prefixOf(id))) {
      const offset = PIECE_KEY.exec(object.Key)?.[1];
      if (offset === undefined) continue;
      pieces.push({ key: object.Key, offset: Number(offset), size: object.Size ?? 0 });
    }
    return pieces.toSorted((a, b) => a.offset - b.offset);
  }
}

/**
 * The staging of uploads that belongs with `documents`: in its bucket when that is on S3;
 * `undefined` for the file system, whose staging lives with the uploads.
 */
export function s3UploadStagingFor(documents: DocumentStore): S3UploadStaging | undefined {
  if (!(documents instanceof S3DocumentStore)) return undefined;
  return new S3UploadStaging({ client: documents.client, bucket: documents.bucket });
}

async function* prepend(first: Buffer, rest: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield first;
  yield* rest;
}

/** Bytes from offset 0 on without a gap; `-1` when the pieces do not follow on. */
function contiguousLength(pieces: readonly Piece[]): number {
  let length = 0;
  for (const piece of pieces) {
    if (piece.offset !== length) return -1;
    length += piece.size;
  }
  return length;
}

function assertContiguous(id: string, pieces: readonly Piece[]): void {
  if (contiguousLength(pieces) < 0) throw new Error(`The staged bytes of upload ${id} have a gap`);
}
