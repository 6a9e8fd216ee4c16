import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client, type S3Settings } from '../plugins/storage/s3-client.ts';
import { deleteObjects, listObjects } from '../plugins/storage/s3-objects.ts';

/**
 * An S3 server for tests: s3rver, a test double that speaks enough of S3 for the SDK (put,
 * get, head, delete, list, copy, multipart). Not a fidelity reference: production must be
 * checked against the real store.
 */
export interface S3TestServer {
  endpoint: string;
  /** A client of the server, for looking into buckets beside the code under test. */
  client: S3Client;
  /** A new, empty bucket (on a real store: its one bucket, emptied of documents). */
  createBucket(): Promise<string>;
  /** The one bucket of a real store, as it is (tests that need no empty bucket share it). */
  fixedBucket?: string;
  settings(bucket: string): S3Settings;
  /** The environment that points the app at `bucket`. */
  env(bucket: string): Record<string, string>;
  /** Every key in `bucket`, temporary ones included, sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  emptyBucket(bucket: string, prefix?: string): Promise<void>;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const DOCUMENT_STORE_PREFIXES = ['documents/', 'tmp/'];
const REGION = 'us-east-1';

/** Starts s3rver on a free port with a fresh directory, in a child process. */
export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kuvert-s3-'));
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 's3rver-process.ts'), directory],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
    if (!child.stdout) return reject(new Error('s3rver has no standard output'));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === 'object' && parsed !== null && 'port' in parsed) {
        resolve(Number(parsed.port));
      } else {
        reject(new Error(`s3rver said: ${line}`));
      }
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string): S3Settings => ({
    kind: 's3',
    endpoint,
    bucket,
    region: REGION,
    ...CREDENTIALS,
    forcePathStyle: true,
  });
  const client = createS3Client(settings(''));
  const keys = async (bucket: string, prefix = '') => {
    const found: string[] = [];
    for await (const object of listObjects(client, bucket, prefix)) found.push(object.Key);
    return found.toSorted();
  };

  return {
    endpoint,
    client,
    settings,
    async createBucket() {
      const bucket = `kuvert-${randomUUID().slice(0, 8)}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env(bucket) {
      return {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: REGION,
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      };
    },
    keys,
    async emptyBucket(bucket, prefix = '') {
      await deleteObjects(client, bucket, await keys(bucket, prefix));
    },
    async close() {
      client.destroy();
      child.stdin?.end();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * The real store named by `TEST_S3_ENDPOINT`, `TEST_S3_BUCKET`, `TEST_S3_ACCESS_KEY_ID`,
 * `TEST_S3_SECRET_ACCESS_KEY` (and `TEST_S3_REGION`, `TEST_S3_FORCE_PATH_STYLE`), to check
 * the contract suites against it; undefined when they are not set. The bucket must serve tests
 * alone: each test deletes what is under `documents/` and `tmp/` in it.
 */
export function externalS3Store(env: NodeJS.ProcessEnv = process.env): S3TestServer | undefined {
  const endpoint = env.TEST_S3_ENDPOINT;
  const bucket = env.TEST_S3_BUCKET;
  if (!endpoint || !bucket) return undefined;
  const settings = (name: string): S3Settings => ({
    kind: 's3',
    endpoint,
    bucket: name,
    region: env.TEST_S3_REGION ?? REGION,
    accessKeyId: env.TEST_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.TEST_S3_FORCE_PATH_STYLE !== 'false',
  });
  const client = createS3Client(settings(bucket));
  const keys = async (name: string, prefix = '') => {
    const found: string[] = [];
    for await (const object of listObjects(client, name, prefix)) found.push(object.Key);
    return found.toSorted();
  };
  const emptyBucket = async (name: string, prefix = '') => {
    await deleteObjects(client, name, await keys(name, prefix));
  };
  return {
    endpoint,
    client,
    settings,
    fixedBucket: bucket,
    async createBucket() {
      for (const prefix of DOCUMENT_STORE_PREFIXES) await emptyBucket(bucket, prefix);
      return bucket;
    },
    env: (name) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: name,
      S3_REGION: settings(name).region,
      S3_ACCESS_KEY_ID: settings(name).accessKeyId,
      S3_SECRET_ACCESS_KEY: settings(name).secretAccessKey,
      S3_FORCE_PATH_STYLE: String(settings(name).forcePathStyle),
    }),
    keys,
    emptyBucket,
    async close() {
      client.destroy();
    },
  };
}

/** What the document store keeps in `bucket` (not the staging of uploads), sorted. */
export async function documentStoreKeys(server: S3TestServer, bucket: string): Promise<string[]> {
  const found: string[] = [];
  for (const prefix of DOCUMENT_STORE_PREFIXES) found.push(...(await server.keys(bucket, prefix)));
  return found.toSorted();
}
