import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { connectDatabase } from '../db/connect.ts';
import { CapturingMailer, type TestApp } from './helper.ts';

export interface SecondInstance {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Another app instance on the same database, data folder and clock as `t` (DESIGN §9 "Many
 * instances"): what a load balancer's second backend would be. Close it before `t`.
 */
export async function createSecondInstance(t: TestApp): Promise<SecondInstance> {
  const handle = connectDatabase({
    databaseUrl: t.config.databaseUrl,
    dataDir: t.config.dataDir,
    poolSize: 4,
    onIdleConnectionError: () => {},
  });
  const app = await buildApp({
    config: t.config,
    db: handle.db,
    engine: handle.engine,
    clock: t.clock,
    mailer: new CapturingMailer(),
    logger: false,
    processing: t.app.processing,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await handle.db.destroy();
    },
  };
}

/** Starts the app on a free port of 127.0.0.1 and answers its base address. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? (address satisfies AddressInfo).port : 0;
  return `http://127.0.0.1:${port}`;
}
