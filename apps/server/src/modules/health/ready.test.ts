import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely/migration';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { connectDatabase, migrateToLatest, type DatabaseHandle } from '../../db/connect.ts';
import type { Engine } from '../../db/migrations/context.ts';
import { createMigrationProvider } from '../../db/migrations/index.ts';
import { READINESS_TIMEOUT_MS } from '../../plugins/readiness.ts';
import { S3DocumentStore, type DocumentStore } from '../../plugins/storage.ts';
import { createS3Client } from '../../plugins/storage/s3-client.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { CapturingMailer, FakeClock, testEngines } from '../../test/helper.ts';
import { startS3Server, type S3TestServer } from '../../test/s3-server.ts';
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
} from '../../test/scratch-postgres.ts';

const READY = {
  status: 'ready',
  failed: [],
  database: 'ok',
  migrations: 'ok',
  store: 'ok',
  draining: false,
};

/** Things a test opened, closed after it whatever happened. */
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

/** The app on a database of the test's choosing, with the document store of its choosing. */
async function appOn(
  handle: DatabaseHandle,
  options: { databaseUrl?: string; documents?: DocumentStore; env?: Record<string, string> } = {},
): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-ready-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    KUVERT_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    clock: new FakeClock(),
    mailer: new CapturingMailer(),
    logger: false,
    ...(options.documents ? { documents: options.documents } : {}),
  });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

async function ready(app: FastifyInstance) {
  const response = await app.inject({ url: '/api/ready' });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never answers: a store that hangs. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fresh database, empty: a SQLite file in a new folder, or a scratch PostgreSQL database. */
async function emptyDatabase(
  engine: Engine,
): Promise<{ handle: DatabaseHandle; databaseUrl?: string }> {
  let scratch: ScratchPostgresDatabase | undefined;
  if (engine === 'postgres') {
    scratch = await createScratchPostgresDatabase();
    cleanups.push(() => scratch?.drop());
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-ready-db-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const handle = connectDatabase({
    databaseUrl: scratch?.url,
    dataDir,
    poolSize: 2,
    onIdleConnectionError: () => {},
  });
  cleanups.push(() => handle.db.destroy());
  return { handle, ...(scratch ? { databaseUrl: scratch.url } : {}) };
}

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3.close());

describe.each(testEngines)('GET /api/ready (%s)', (engine) => {
  let database: TestDatabase;

  async function migratedApp(
    options: { documents?: DocumentStore; env?: Record<string, string> } = {},
  ) {
    database = await createTestDatabase(engine);
    cleanups.push(() => database.close());
    return appOn(database.handle, {
      ...options,
      ...(database.url ? { databaseUrl: database.url } : {}),
    });
  }

  it('answers 200 when the database, the migrations and the file store are all there', async () => {
    const app = await migratedApp();
    const answer = await ready(app);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(READY);
    expect(answer.headers['cache-control']).toBe('no-store');
    // Liveness stays as it was.
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: engine,
    });
  });

  it('answers 200 with documents in a reachable S3 bucket', async () => {
    const bucket = await s3.createBucket();
    const app = await migratedApp({ env: s3.env(bucket) });
    expect(app.documents).toBeInstanceOf(S3DocumentStore);
    expect(await ready(app)).toMatchObject({ status: 200, body: READY });
  });

  it('answers 503 while draining, without asking the database or the store', async () => {
    const app = await migratedApp();
    app.drain.begin();
    const answer = await ready(app);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      status: 'not_ready',
      failed: ['draining'],
      database: 'skipped',
      migrations: 'skipped',
      store: 'skipped',
      draining: true,
    });
    // Still alive: liveness is not readiness.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming the store when S3 is on a closed port', async () => {
    const client = createS3Client({
      ...s3.settings('kuvert-gone'),
      endpoint: `http://127.0.0.1:${await closedPort()}`,
    });
    cleanups.push(() => client.destroy());
    const app = await migratedApp({
      documents: new S3DocumentStore({ client, bucket: 'kuvert-gone' }),
    });
    const answer = await ready(app);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      ...READY,
      status: 'not_ready',
      failed: ['store'],
      store: 'failed',
    });
  });

  it('answers 503 within the timeout when the store accepts connections and never answers', async () => {
    const silent = await silentServer();
    cleanups.push(() => silent.close());
    const client = createS3Client({
      ...s3.settings('kuvert-slow'),
      endpoint: `http://127.0.0.1:${silent.port}`,
    });
    cleanups.push(() => client.destroy());
    const app = await migratedApp({
      documents: new S3DocumentStore({ client, bucket: 'kuvert-slow' }),
    });
    const started = performance.now();
    const answer = await ready(app);
    const tookMs = performance.now() - started;
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ failed: ['store'], store: 'failed', database: 'ok' });
    expect(tookMs).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 100);
    expect(tookMs).toBeLessThan(READINESS_TIMEOUT_MS + 1500);
  });

  // A SQLite file is opened in the process itself: there is no server to lose.
  it.runIf(engine === 'postgres')(
    'answers 503 naming the database when it cannot be reached',
    async () => {
      const databaseUrl = `postgres://postgres@127.0.0.1:${await closedPort()}/kuvert`;
      const gone = connectDatabase({
        databaseUrl,
        dataDir: tmpdir(),
        poolSize: 1,
        onIdleConnectionError: () => {},
      });
      cleanups.push(() => gone.db.destroy());
      const app = await appOn(gone, { databaseUrl });
      const answer = await ready(app);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        ...READY,
        status: 'not_ready',
        failed: ['database'],
        database: 'failed',
        migrations: 'skipped',
      });
    },
  );

  it('answers 503 naming the migrations on a database one migration behind, 200 once migrated', async () => {
    const { handle, databaseUrl } = await emptyDatabase(engine);
    const names = Object.keys(await createMigrationProvider({ engine }).getMigrations()).toSorted();
    const secondToLast = names.at(-2) ?? '';
    const migrator = new Migrator({ db: handle.db, provider: createMigrationProvider({ engine }) });
    const { error } = await migrator.migrateTo(secondToLast);
    expect(error).toBeUndefined();
    const app = await appOn(handle, databaseUrl ? { databaseUrl } : {});

    const behind = await ready(app);
    expect(behind.status).toBe(503);
    expect(behind.body).toEqual({
      ...READY,
      status: 'not_ready',
      failed: ['migrations'],
      migrations: 'failed',
    });

    await migrateToLatest(handle);
    expect(await ready(app)).toMatchObject({ status: 200, body: READY });
  });

  it('answers 503 naming the migrations on a database never migrated', async () => {
    const { handle, databaseUrl } = await emptyDatabase(engine);
    const app = await appOn(handle, databaseUrl ? { databaseUrl } : {});
    expect(await ready(app)).toMatchObject({
      status: 503,
      body: { status: 'not_ready', failed: ['migrations'], database: 'ok', migrations: 'failed' },
    });
  });
});
