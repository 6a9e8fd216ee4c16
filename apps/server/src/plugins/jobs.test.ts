import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { FakeClock, testEngines } from '../test/helper.ts';
import { claimDueJobs } from './job-queries.ts';
import {
  createJobWorker,
  enqueueJob,
  PermanentJobError,
  retryDelaySeconds,
  type JobHandler,
  type JobWorkerOptions,
} from './jobs.ts';

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

async function findJob(db: Kysely<Database>, id: string) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe.each(testEngines)('durable jobs on %s', (engine) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let clock: FakeClock;

  function worker(handlers: Record<string, JobHandler>, options: Partial<JobWorkerOptions> = {}) {
    return createJobWorker({ db, engine, clock, log: silentLog, handlers, ...options });
  }

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    db = database.handle.db;
    clock = new FakeClock();
  });

  afterEach(async () => {
    await database.close();
  });

  it('runs a due job once, with its payload, and marks it done', async () => {
    const calls: unknown[] = [];
    const jobs = worker({
      'webhook.deliver': async (payload, context) => {
        calls.push({ payload, attempt: context.attempt });
      },
    });
    const id = await enqueueJob(db, clock, {
      type: 'webhook.deliver',
      payload: { letterId: 'l1' },
    });

    expect(await jobs.runDueJobs()).toBe(1);
    expect(await jobs.runDueJobs()).toBe(0);
    expect(calls).toEqual([{ payload: { letterId: 'l1' }, attempt: 1 }]);
    expect(await findJob(db, id)).toMatchObject({
      status: 'done',
      attempts: 1,
      locked_until: null,
    });
  });

  it('waits for run_at, and leaves types it has no handler for to other workers', async () => {
    const jobs = worker({ later: async () => {} });
    const id = await enqueueJob(db, clock, {
      type: 'later',
      payload: null,
      runAt: new Date(clock.now().getTime() + 60_000),
    });
    const foreign = await enqueueJob(db, clock, { type: 'from.a.newer.version', payload: null });

    expect(await jobs.runDueJobs()).toBe(0);
    clock.advanceSeconds(60);
    expect(await jobs.runDueJobs()).toBe(1);
    expect((await findJob(db, id)).status).toBe('done');
    expect((await findJob(db, foreign)).status).toBe('pending');
  });

  it('keeps no job when the transaction that enqueued it rolls back', async () => {
    await db
      .transaction()
      .execute(async (transaction) => {
        await enqueueJob(transaction, clock, { type: 'mail.send', payload: {} });
        throw new Error('the letter could not be saved');
      })
      .catch(() => {});

    expect(await db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('retries a failed job after a backoff, then succeeds', async () => {
    let runs = 0;
    const jobs = worker({
      flaky: async () => {
        runs += 1;
        if (runs === 1) throw new Error('provider answered 503');
      },
    });
    const id = await enqueueJob(db, clock, { type: 'flaky', payload: {} });
    const failedAt = clock.now().getTime();

    await jobs.runDueJobs();
    const retrying = await findJob(db, id);
    expect(retrying).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'provider answered 503',
    });
    const delayMs = new Date(retrying.run_at).getTime() - failedAt;
    expect(delayMs).toBeGreaterThanOrEqual(15_000);
    expect(delayMs).toBeLessThanOrEqual(30_000);

    clock.advanceSeconds(14);
    expect(await jobs.runDueJobs()).toBe(0);
    clock.advanceSeconds(16);
    expect(await jobs.runDueJobs()).toBe(1);
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('fails for good after max_attempts, keeping the last error', async () => {
    const jobs = worker({
      broken: async (_payload, context) => {
        throw new Error(`attempt ${context.attempt} failed`);
      },
    });
    const id = await enqueueJob(db, clock, { type: 'broken', payload: {}, maxAttempts: 3 });

    for (let hour = 0; hour < 5; hour += 1) {
      await jobs.runDueJobs();
      clock.advanceSeconds(3600);
    }

    expect(await findJob(db, id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'attempt 3 failed',
    });
  });

  it('fails at once on a PermanentJobError', async () => {
    const jobs = worker({
      invalid: async () => {
        throw new PermanentJobError('the letter no longer exists');
      },
    });
    const id = await enqueueJob(db, clock, { type: 'invalid', payload: {} });

    await jobs.runDueJobs();

    expect(await findJob(db, id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('tells the give-up handler once, when a job fails for good, with its payload and reason', async () => {
    const givenUp: unknown[] = [];
    const jobs = worker(
      {
        flaky: async (_payload, context) => {
          throw new Error(`attempt ${context.attempt} failed`);
        },
      },
      {
        giveUpHandlers: {
          flaky: async (payload, reason) => void givenUp.push({ payload, reason }),
        },
      },
    );
    await enqueueJob(db, clock, { type: 'flaky', payload: { document_id: 'd1' }, maxAttempts: 2 });

    await jobs.runDueJobs();
    expect(givenUp).toEqual([]);
    clock.advanceSeconds(3600);
    await jobs.runDueJobs();
    clock.advanceSeconds(3600);
    await jobs.runDueJobs();

    expect(givenUp).toEqual([{ payload: { document_id: 'd1' }, reason: 'attempt 2 failed' }]);
  });

  it('tells the give-up handler when a job’s worker died during its last attempt', async () => {
    const id = await enqueueJob(db, clock, { type: 'import', payload: { n: 1 }, maxAttempts: 1 });
    await claimDueJobs(db, {
      engine,
      now: clock.now(),
      limit: 10,
      lockSeconds: 60,
      types: ['import'],
    });
    const givenUp: unknown[] = [];
    const runs: unknown[] = [];
    const jobs = worker(
      { import: async (payload) => void runs.push(payload) },
      { giveUpHandlers: { import: async (payload) => void givenUp.push(payload) } },
    );

    clock.advanceSeconds(61);
    expect(await jobs.runDueJobs()).toBe(0);

    expect(runs).toEqual([]);
    expect(givenUp).toEqual([{ n: 1 }]);
    expect(await findJob(db, id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('takes over a job whose worker crashed once its lock expires', async () => {
    const id = await enqueueJob(db, clock, { type: 'import', payload: {}, maxAttempts: 2 });
    const lastChance = await enqueueJob(db, clock, { type: 'import', payload: {}, maxAttempts: 1 });
    // A worker claims both, then dies without recording anything.
    await claimDueJobs(db, {
      engine,
      now: clock.now(),
      limit: 10,
      lockSeconds: 60,
      types: ['import'],
    });
    const runs: number[] = [];
    const jobs = worker({ import: async (_payload, context) => void runs.push(context.attempt) });

    expect(await jobs.runDueJobs()).toBe(0);
    clock.advanceSeconds(61);
    expect(await jobs.runDueJobs()).toBe(1);

    expect(runs).toEqual([2]);
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await findJob(db, lastChance)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('never runs a job twice when two workers claim side by side', async () => {
    const total = 80;
    for (let index = 0; index < total; index += 1) {
      await enqueueJob(db, clock, { type: 'count', payload: { index } });
    }
    const runsByIndex = new Map<unknown, number>();
    const handlers: Record<string, JobHandler> = {
      count: async (payload) => {
        await sleep(Math.random() * 3);
        const index =
          typeof payload === 'object' && payload && 'index' in payload ? payload.index : -1;
        runsByIndex.set(index, (runsByIndex.get(index) ?? 0) + 1);
      },
    };
    const other = database.connectAgain();
    const first = worker(handlers, { concurrency: 5, pollIntervalMs: 5 });
    const second = createJobWorker({
      ...other,
      clock,
      log: silentLog,
      handlers,
      concurrency: 5,
      pollIntervalMs: 5,
    });

    first.start();
    second.start();
    const [ranByThird, ranByFourth] = await Promise.all([
      worker(handlers, { concurrency: 3 }).runDueJobs(),
      createJobWorker({ ...other, clock, log: silentLog, handlers, concurrency: 3 }).runDueJobs(),
    ]);
    await waitFor(async () => {
      const done = await db.selectFrom('jobs').select('id').where('status', '=', 'done').execute();
      return done.length === total;
    });
    await Promise.all([first.stop(), second.stop()]);

    expect(runsByIndex.size).toBe(total);
    expect([...runsByIndex.values()].every((runs) => runs === 1)).toBe(true);
    expect(ranByThird + ranByFourth).toBeLessThanOrEqual(total);
  });

  it('stop() waits for the jobs that are running', async () => {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    let hasStarted = false;
    const jobs = worker(
      {
        slow: async () => {
          hasStarted = true;
          await released;
        },
      },
      { pollIntervalMs: 5 },
    );
    const id = await enqueueJob(db, clock, { type: 'slow', payload: {} });
    jobs.start();
    await waitFor(async () => hasStarted);

    let hasStopped = false;
    const stopping = jobs.stop().then(() => {
      hasStopped = true;
    });
    await sleep(50);
    expect(hasStopped).toBe(false);

    release();
    await stopping;
    expect((await findJob(db, id)).status).toBe('done');
  });

  it('stop() with a grace hands back a job still running then; another instance runs it at once', async () => {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    const { promise: dropped, resolve: drop } = Promise.withResolvers<void>();
    let hasStarted = false;
    const givenUp: unknown[] = [];
    const log = {
      ...silentLog,
      warn: (_details: object, message: string) => {
        if (message.startsWith('job outcome dropped')) drop();
      },
    };
    const draining = worker(
      {
        slow: async () => {
          hasStarted = true;
          await released;
          throw new Error('cut off by the end of the process');
        },
      },
      {
        pollIntervalMs: 5,
        log,
        giveUpHandlers: { slow: async (payload) => void givenUp.push(payload) },
      },
    );
    // Its last attempt: were its late failure counted, it would fail for good.
    const id = await enqueueJob(db, clock, { type: 'slow', payload: { n: 1 }, maxAttempts: 1 });
    draining.start();
    await waitFor(async () => hasStarted);
    expect(await findJob(db, id)).toMatchObject({ status: 'running', attempts: 1 });

    expect(await draining.stop({ graceMs: 20 })).toEqual({ released: 1 });
    expect(await findJob(db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      locked_until: null,
      run_at: clock.now().toISOString(),
    });

    // Another instance, at the same moment: no lock to wait out.
    const runs: number[] = [];
    const other = createJobWorker({
      ...database.connectAgain(),
      clock,
      log: silentLog,
      handlers: { slow: async (_payload, context) => void runs.push(context.attempt) },
    });
    expect(await other.runDueJobs()).toBe(1);
    expect(runs).toEqual([2]);

    // The first run ends late, failing: its outcome is dropped, nobody is told it gave up.
    release();
    await dropped;
    expect(await findJob(db, id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(givenUp).toEqual([]);
  });

  it('stop() with a grace hands back nothing when the jobs finish within it', async () => {
    let hasStarted = false;
    const jobs = worker(
      {
        quick: async () => {
          hasStarted = true;
          await sleep(5);
        },
      },
      { pollIntervalMs: 5 },
    );
    const id = await enqueueJob(db, clock, { type: 'quick', payload: {} });
    jobs.start();
    await waitFor(async () => hasStarted);
    expect(await jobs.stop({ graceMs: 10_000 })).toEqual({ released: 0 });
    expect((await findJob(db, id)).status).toBe('done');
  });
});

describe('retryDelaySeconds', () => {
  it('doubles from 30 s, is capped at an hour, and jitters within the upper half', () => {
    expect(retryDelaySeconds(1, () => 1)).toBe(30);
    expect(retryDelaySeconds(2, () => 1)).toBe(60);
    expect(retryDelaySeconds(3, () => 0)).toBe(60);
    expect(retryDelaySeconds(20, () => 1)).toBe(3600);
  });
});
