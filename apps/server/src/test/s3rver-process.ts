/**
 * s3rver in a process of its own, so that the test measuring a store's memory measures the
 * store alone. Usage: node s3rver-process.ts <directory>; prints `{"port":…}` when listening
 * and stops when its standard input closes (when the test process ends, however it ends).
 *
 * Its file store is made safe for concurrent requests first, as S3 is: as shipped, s3rver
 * answers a PUT before the file is written, lets readers see half-written objects and
 * metadata, and removes a directory that has just become empty while another request is
 * writing into it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}

interface FilesystemStore {
  rootDirectory: string;
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, string>>;
  putMetadata(
    bucket: string,
    key: string,
    metadata: Record<string, string> | null,
    md5?: string,
  ): Promise<void>;
}

/** Writes `content` beside `target`, then renames it into place: readers see all or nothing. */
async function writeAtomically(
  target: string,
  content: Buffer | Readable,
): Promise<{ size: number; md5: string }> {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.partial`;
  const md5 = createHash('md5');
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      md5.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(
    Buffer.isBuffer(content) ? [content] : content,
    counted,
    createWriteStream(temporary),
  );
  await rename(temporary, target);
  return { size, md5: md5.digest('hex') };
}

async function writeFileAtomically(target: string, content: string): Promise<void> {
  const temporary = `${target}.${randomUUID()}.partial`;
  await writeFile(temporary, content);
  await rename(temporary, target);
}

async function unlinkIfPresent(file: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
  });
}

const require = createRequire(import.meta.url);
const {
  prototype: store,
}: {
  prototype: FilesystemStore & Record<string, unknown>;
} = require('s3rver/lib/stores/filesystem.js');
const { ALLOWED_METADATA }: { ALLOWED_METADATA: string[] } = require('s3rver/lib/models/object.js');

store.putMetadata = async function putMetadata(
  this: FilesystemStore,
  bucket: string,
  key: string,
  metadata: Record<string, string> | null,
  md5?: string,
) {
  const kept = Object.entries(metadata ?? {}).filter(
    ([name]) => ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-'),
  );
  if (md5) await writeFileAtomically(this.getResourcePath(bucket, key, 'object.md5'), md5);
  await writeFileAtomically(
    this.getResourcePath(bucket, key, 'metadata.json'),
    JSON.stringify(Object.fromEntries(kept), null, 2),
  );
};

store.putObject = async function putObject(this: FilesystemStore, object: StoredObject) {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  const { size, md5 } = await writeAtomically(objectPath, object.content);
  await this.putMetadata(object.bucket, object.key, object.metadata, md5);
  return { size, md5 };
};

store.putPart = async function putPart(
  this: FilesystemStore,
  bucket: string,
  uploadId: string,
  partNumber: number,
  content: Readable,
) {
  const partPath = path.join(
    this.getResourcePath(bucket, undefined, 'uploads'),
    uploadId,
    String(partNumber),
  );
  const { size, md5 } = await writeAtomically(partPath, content);
  await writeFile(`${partPath}.md5`, md5);
  return { size, md5 };
};

store.copyObject = async function copyObject(
  this: FilesystemStore,
  srcBucket: string,
  srcKey: string,
  destBucket: string,
  destKey: string,
  replacementMetadata: Record<string, string> | null,
) {
  const source = (resource: string) => this.getResourcePath(srcBucket, srcKey, resource);
  const target = (resource: string) => this.getResourcePath(destBucket, destKey, resource);
  if (source('object') !== target('object')) {
    await mkdir(path.dirname(target('object')), { recursive: true });
    for (const resource of ['object', 'object.md5', 'metadata.json']) {
      const temporary = `${target(resource)}.${randomUUID()}.partial`;
      await copyFile(source(resource), temporary);
      await rename(temporary, target(resource));
    }
  }
  if (replacementMetadata) await this.putMetadata(destBucket, destKey, replacementMetadata);
  return this.getMetadata(destBucket, destKey);
};

/** Leaves empty directories be: removing them races with requests writing into them. */
store.deleteObject = async function deleteObject(
  this: FilesystemStore,
  bucket: string,
  key: string,
) {
  for (const resource of ['object', 'object.md5', 'metadata.json']) {
    await unlinkIfPresent(this.getResourcePath(bucket, key, resource));
  }
};

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-process.ts <directory>');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
