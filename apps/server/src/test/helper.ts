import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { loadConfig, type Config } from '../config/env.ts';
import { connectDatabase, type DatabaseHandle } from '../db/connect.ts';
import type { Engine } from '../db/migrations/context.ts';
import type { MailMessage, Mailer } from '../plugins/mailer.ts';
import {
  createDocumentProcessing,
  type DocumentProcessing,
} from '../plugins/processing/document-processing.ts';
import { checkOutPostgresDatabase, prepareSqliteDatabase } from './database-templates.ts';

/**
 * One processing pool for all test apps of a file with the default limits: starting a child
 * per app would cost a few hundred milliseconds each. Its idle children hold nothing open.
 */
let sharedProcessing: DocumentProcessing | undefined;

function processingFor(
  env: Record<string, string>,
  config: Config,
): DocumentProcessing | undefined {
  if (Object.keys(env).some((name) => name.startsWith('PROCESSING_'))) return undefined;
  sharedProcessing ??= createDocumentProcessing(config.processing, { warn: () => {} });
  return sharedProcessing;
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server and the file is one
 * that engines-for-file.ts names, which sets this list before each file.
 */
export const testEngines: Engine[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export class FakeClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advanceSeconds(seconds: number): void {
    this.current += seconds * 1000;
  }
  /** Jumps to `instant` (an ISO date-time); log in again afterwards, sessions see the jump. */
  setTo(instant: string): void {
    this.current = Date.parse(instant);
  }
}

export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  /** The last mail to `to`; throws when there is none, so a test fails clearly. */
  lastTo(to: string): MailMessage {
    const message = this.sent.findLast((candidate) => candidate.to === to);
    if (!message) throw new Error(`no mail was sent to ${to}`);
    return message;
  }
}

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  clock: FakeClock;
  mailer: CapturingMailer;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Adds routes or job handlers after the modules and before the app is ready. */
  beforeReady?: (app: FastifyInstance) => Promise<void> | void;
}

/** A fresh app on a fresh database, with a fake clock and a capturing mailer. */
export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kuvert-test-'));
  const postgres = engine === 'postgres' ? await checkOutPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    KUVERT_DEMO: 'false',
    // Test receivers listen on 127.0.0.1; the guard itself has its own tests.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  if (!postgres) await prepareSqliteDatabase(config.dataDir);
  const handle = connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 4,
    // Closing the test database ends connections the pool is still closing.
    onIdleConnectionError: () => {},
  });
  const clock = new FakeClock();
  const mailer = new CapturingMailer();
  const app = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    clock,
    mailer,
    logger: false,
    processing: processingFor(env, config),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    handle,
    clock,
    mailer,
    config,
    async close() {
      await app.close();
      await handle.db.destroy();
      await postgres?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
