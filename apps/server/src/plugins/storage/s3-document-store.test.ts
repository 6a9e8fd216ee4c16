import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/env.ts';
import { FakeClock } from '../../test/helper.ts';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import { generatedStream, MB } from '../../test/streams.ts';
import { openDocumentStore } from '../storage.ts';
import { createS3Client, type S3Settings } from './s3-client.ts';
import { S3DocumentStore } from './s3-document-store.ts';

/** Runs `hook` before each command `name` the client sends, with the command's input. */
function beforeCommand(
  client: S3Client,
  name: string,
  hook: (input: object) => Promise<void> | void,
): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === name) await hook(args.input);
      return next(args);
    },
    { step: 'initialize' },
  );
}

function afterCommand(client: S3Client, name: string, hook: (input: object) => void): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === name) hook(args.input);
      return result;
    },
    { step: 'initialize' },
  );
}

function stringIn(input: object, field: string): string {
  return String(Reflect.get(input, field) ?? '');
}

describe('S3DocumentStore', () => {
  let s3: S3TestServer;
  let bucket: string;
  let clock: FakeClock;
  const clients: S3Client[] = [];

  /** A store as one instance of Kuvert has it: its own client, the shared bucket. */
  function instance(): { store: S3DocumentStore; client: S3Client } {
    const client = createS3Client(s3.settings(bucket));
    clients.push(client);
    return { store: new S3DocumentStore({ client, bucket, clock }), client };
  }

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => s3.close());
  beforeEach(async () => {
    bucket = await s3.createBucket();
    clock = new FakeClock(Date.parse('2026-01-01T12:00:00Z'));
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });

  it.each(['a stream', 'a buffer'])(
    'keeps a document that %s put again while a collect was deleting it',
    async (kind) => {
      const bytes = Buffer.from('%PDF-1.7 delivered to many');
      const collector = instance();
      const deliverer = instance();
      const stored = await deliverer.store.put(bytes, { maxBytes: 100 });
      clock.advanceSeconds(3600);

      // The collect looked at the time (an hour old) and is about to delete. Just then another
      // instance delivers the same bytes; only once that put has looked for collects under way
      // does the delete go through.
      let secondPut: Promise<unknown> | undefined;
      const { promise: looked, resolve: lookedForCollects } = Promise.withResolvers<void>();
      afterCommand(deliverer.client, 'ListObjectsV2Command', (input) => {
        if (stringIn(input, 'Prefix').startsWith('tmp/collect/')) lookedForCollects();
      });
      beforeCommand(collector.client, 'DeleteObjectCommand', async (input) => {
        if (!stringIn(input, 'Key').startsWith('documents/') || secondPut) return;
        const put = deliverer.store.put(kind === 'a buffer' ? bytes : Readable.from([bytes]), {
          maxBytes: 100,
        });
        secondPut = put;
        // (A put that returns without looking would find its document deleted after.)
        await Promise.race([looked, put]);
      });

      const untouchedSince = new Date(clock.now().getTime() - 600_000);
      expect(await collector.store.collect(stored.key, untouchedSince)).toBe('removed');
      expect(await secondPut).toEqual(stored);

      // The second delivery's row will refer to it: it must be there.
      expect(await collector.store.read(stored.key)).toEqual(bytes);
      expect(await s3.keys(bucket)).toEqual([
        `documents/${stored.key.slice(0, 2)}/${stored.key.slice(2, 4)}/${stored.key}`,
      ]);
    },
  );

  it('is not held up by the marker of a collect that crashed, and tidies it away', async () => {
    const { store } = instance();
    const stored = await store.put(Buffer.from('a letter'), { maxBytes: 100 });
    const crashedAt = clock.now().getTime();
    const marker = `tmp/collect/${stored.key}/${crashedAt}-${randomUUID()}`;
    await s3.client.send(new PutObjectCommand({ Bucket: bucket, Key: marker, Body: '' }));
    clock.advanceSeconds(120);

    // Waiting on a live marker would take a minute, past this test's time limit.
    expect(await store.put(Buffer.from('a letter'), { maxBytes: 100 })).toEqual(stored);

    expect(await store.cleanTemporaryFiles(new Date(crashedAt))).toEqual({
      removed: 0,
      restored: 0,
    });
    expect(await store.cleanTemporaryFiles(new Date(crashedAt + 1))).toEqual({
      removed: 1,
      restored: 0,
    });
    expect(await s3.keys(bucket, 'tmp/')).toEqual([]);
    expect(await store.exists(stored.key)).toBe(true);
  });

  it('removes the temporary object of a put that crashed once it is old, not before', async () => {
    const { store } = instance();
    const leftover = `tmp/put/${randomUUID()}`;
    await s3.client.send(
      new PutObjectCommand({ Bucket: bucket, Key: leftover, Body: Buffer.alloc(1000, 1) }),
    );

    // The bucket's own clock dates temporary objects.
    const anHourAgo = new Date(Date.now() - 3600_000);
    expect(await store.cleanTemporaryFiles(anHourAgo)).toEqual({ removed: 0, restored: 0 });
    expect(await s3.keys(bucket)).toEqual([leftover]);

    const inAMinute = new Date(Date.now() + 60_000);
    expect(await store.cleanTemporaryFiles(inAMinute)).toEqual({ removed: 1, restored: 0 });
    expect(await s3.keys(bucket)).toEqual([]);
  });

  it('aborts the multipart upload of a document over the limit', async () => {
    const { store, client } = instance();
    const sent: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize' },
    );

    await expect(store.put(generatedStream(30 * MB), { maxBytes: 12 * MB })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });

    expect(sent).toContain('CreateMultipartUploadCommand');
    // s3rver cannot abort (it answers 405), which is why the refusal must win over that error.
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
  });

  const open = (settings: S3Settings) =>
    openDocumentStore('s3', { storage: settings, dataDir: '/nonexistent', clock });

  it('refuses to start on a bucket it cannot use, saying which setting to fix', async () => {
    const missing = open(s3.settings('no-such-bucket'));
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow(
      `S3_BUCKET: the bucket "no-such-bucket" at ${s3.endpoint} does not exist; create it first`,
    );
    await expect(open({ ...s3.settings(bucket), accessKeyId: 'NOT-A-KEY' })).rejects.toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the bucket .* refuses these keys/,
    );
    await expect(open({ ...s3.settings(bucket), endpoint: 'http://127.0.0.1:1' })).rejects.toThrow(
      /S3_ENDPOINT: the bucket .* at http:\/\/127.0.0.1:1 cannot be reached \(.*ECONNREFUSED/,
    );
    const opened = await open(s3.settings(bucket));
    expect(await opened.store.exists('0'.repeat(64))).toBe(false);
    opened.close();
  });
});
