import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { FakeClock, testEngines } from '../test/helper.ts';
import { nextPeriodStart, periodKey, periodStart } from './job-periods.ts';
import { createJobRunner, FINISHED_JOBS_PRUNE_JOB, type JobRunner } from './job-runner.ts';
import { createJobWorker, enqueueJob, enqueueJobs, type JobContext } from './jobs.ts';

/**
 * Many instances on one database (issue 26): each runner here has its own connection pool,
 * as a server instance would, and they share the clock, so they act at the same moment.
 */

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

describe.each(testEngines)('jobs across three instances on %s', (engine) => {
  let database: TestDatabase;
  let dbs: [Kysely<Database>, Kysely<Database>, Kysely<Database>];
  let clock: FakeClock;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    dbs = [database.handle.db, database.connectAgain().db, database.connectAgain().db];
    clock = new FakeClock(Date.parse('2026-11-29T08:20:00.000Z'));
  });

  afterEach(async () => {
    await database.close();
  });

  const jobRow = (id: string) =>
    database.handle.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  describe('periodic jobs', () => {
    let runs: string[];
    let runners: JobRunner[];

    /** What every instance registers: the app's kinds of period, each handler counting. */
    function periodicRunner(db: Kysely<Database>): JobRunner {
      const runner = createJobRunner({ db, engine, clock, log: silentLog, pollIntervalMs: 5 });
      const ran = (type: string) => async () => {
        // Slow enough that the instances overlap while a period's run is in progress.
        await sleep(20);
        runs.push(`${type}@${clock.now().toISOString()}`);
      };
      runner.every({ type: 'test.hourly', period: 'hour', run: ran('hourly') });
      runner.every({ type: 'test.daily', period: 'day', run: ran('daily') });
      runner.every({ type: 'test.often', period: { minutes: 2 }, run: ran('often') });
      runner.every({
        type: 'test.morning',
        period: 'day',
        offsetSeconds: 7 * 3600,
        firstRun: 'next-period',
        run: ran('morning'),
      });
      return runner;
    }

    const ranTimes = (prefix: string) => runs.filter((run) => run.startsWith(`${prefix}@`));
    const runAll = () => Promise.all(runners.map((runner) => runner.runDueJobs()));
    const scheduleAll = () =>
      Promise.all(
        runners.flatMap((runner) =>
          ['test.hourly', 'test.daily', 'test.often', 'test.morning'].map((type) =>
            runner.schedulePeriodic(type),
          ),
        ),
      );

    beforeEach(() => {
      runs = [];
      runners = dbs.map(periodicRunner);
    });

    it('runs each period’s job once when three instances start at the same moment', async () => {
      // Each instance's start queues its periodic jobs and begins polling, all at once.
      await Promise.all(runners.map((runner) => runner.start()));
      await waitFor(() => ranTimes('hourly').length > 0 && ranTimes('often').length > 0);
      await Promise.all(runners.map((runner) => runner.stop()));
      // Whatever a stopped poller left due, the three run side by side to the end.
      await runAll();

      expect(countBy(runs.map((run) => run.split('@')[0] ?? ''))).toEqual({
        hourly: 1,
        daily: 1,
        often: 1,
      });
      const prune = await database.handle.db
        .selectFrom('jobs')
        .select(['unique_key', 'status'])
        .where('type', '=', FINISHED_JOBS_PRUNE_JOB)
        .orderBy('unique_key')
        .execute();
      expect(prune).toEqual([
        { unique_key: 'jobs.prune:2026-11-29', status: 'done' },
        { unique_key: 'jobs.prune:2026-11-30', status: 'pending' },
      ]);

      // The same instances restarting later in the same period queue nothing new to run.
      clock.advanceSeconds(60);
      await scheduleAll();
      expect(await Promise.all(runners.map((runner) => runner.runDueJobs()))).toEqual([0, 0, 0]);
      expect(runs).toHaveLength(3);
    });

    it('runs once more in the next period, and the morning job at its hour', async () => {
      await scheduleAll();
      await runAll();
      expect(runs).toHaveLength(3);

      clock.advanceSeconds(3600);
      await Promise.all([scheduleAll(), runAll()]);
      await runAll();
      expect(ranTimes('hourly')).toEqual([
        'hourly@2026-11-29T08:20:00.000Z',
        'hourly@2026-11-29T09:20:00.000Z',
      ]);
      expect(ranTimes('daily')).toHaveLength(1);
      expect(ranTimes('morning')).toEqual([]);

      const keys = await database.handle.db
        .selectFrom('jobs')
        .select(['unique_key', 'status', 'run_at'])
        .where('type', '=', 'test.hourly')
        .orderBy('unique_key')
        .execute();
      expect(keys.map((job) => [job.unique_key, job.status])).toEqual([
        ['test.hourly:2026-11-29T08', 'done'],
        ['test.hourly:2026-11-29T09', 'done'],
        ['test.hourly:2026-11-29T10', 'pending'],
      ]);
      expect(new Date(keys[2]?.run_at ?? '').toISOString()).toBe('2026-11-29T10:00:00.000Z');

      // The next morning at 07:00: the morning job, the daily one, and the hour that was
      // queued for 10:00 yesterday, once each.
      clock.setTo('2026-11-30T07:00:30.000Z');
      await runAll();
      expect(ranTimes('morning')).toEqual(['morning@2026-11-30T07:00:30.000Z']);
      expect(ranTimes('daily')).toHaveLength(2);
      expect(ranTimes('hourly')).toHaveLength(3);
    });

    it('goes on with the next period after a period’s run failed for good', async () => {
      const runner = createJobRunner({
        db: dbs[0],
        engine,
        clock,
        log: silentLog,
      });
      let attempts = 0;
      runner.every({
        type: 'test.broken',
        period: 'hour',
        maxAttempts: 2,
        run: async () => {
          attempts += 1;
          throw new Error('the store is away');
        },
      });
      await runner.schedulePeriodic('test.broken');
      await runner.runDueJobs();
      clock.advanceSeconds(60);
      await runner.runDueJobs();
      expect(attempts).toBe(2);
      const rows = await database.handle.db
        .selectFrom('jobs')
        .select(['unique_key', 'status'])
        .where('type', '=', 'test.broken')
        .orderBy('unique_key')
        .execute();
      expect(rows).toEqual([
        { unique_key: 'test.broken:2026-11-29T08', status: 'failed' },
        { unique_key: 'test.broken:2026-11-29T09', status: 'pending' },
      ]);
    });
  });

  it('runs each of 200 jobs exactly once, claimed by three instances side by side', async () => {
    const total = 200;
    await enqueueJobs(
      database.handle.db,
      clock,
      Array.from({ length: total }, (_, index) => ({ type: 'count', payload: { index } })),
    );
    const runsByIndex = new Map<number, number>();
    const runners = dbs.map((db) => {
      const runner = createJobRunner({ db, engine, clock, log: silentLog, pollIntervalMs: 5 });
      runner.register('count', async (payload) => {
        await sleep(Math.random() * 3);
        const index =
          typeof payload === 'object' && payload && 'index' in payload ? Number(payload.index) : -1;
        runsByIndex.set(index, (runsByIndex.get(index) ?? 0) + 1);
      });
      return runner;
    });

    await Promise.all(runners.map((runner) => runner.start()));
    // The CLI's way too, beside the pollers.
    await Promise.all(runners.map((runner) => runner.runDueJobs()));
    await waitFor(async () => {
      const done = await database.handle.db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'count')
        .where('status', '=', 'done')
        .execute();
      return done.length === total;
    });
    await Promise.all(runners.map((runner) => runner.stop()));

    expect(runsByIndex.size).toBe(total);
    expect([...runsByIndex.values()].filter((runs) => runs !== 1)).toEqual([]);
  });

  it('keeps a slow job’s lock by heartbeat: another instance does not run it too', async () => {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    let runs = 0;
    const slow = {
      export: async () => {
        runs += 1;
        await released;
      },
    };
    const first = createJobWorker({
      db: dbs[0],
      engine,
      clock,
      log: silentLog,
      handlers: slow,
      lockSeconds: 60,
      heartbeatMs: 10,
    });
    const second = createJobWorker({
      db: dbs[1],
      engine,
      clock,
      log: silentLog,
      handlers: slow,
      lockSeconds: 60,
    });
    const id = await enqueueJob(database.handle.db, clock, { type: 'export', payload: {} });
    const running = first.runDueJobs();
    await waitFor(() => runs === 1);

    // Twice past the lock the claim began with: each time the heartbeat has renewed it.
    for (let round = 0; round < 2; round += 1) {
      clock.advanceSeconds(61);
      await waitFor(
        async () => Date.parse((await jobRow(id)).locked_until ?? '') > clock.now().getTime(),
      );
      expect(await second.runDueJobs()).toBe(0);
    }

    release();
    expect(await running).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, locked_until: null });
  });

  it('takes over a job whose instance stopped beating, and drops the first outcome', async () => {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    const warnings: string[] = [];
    const runs: number[] = [];
    // The first instance freezes mid-job (no heartbeat within the lock), then wakes up failing.
    const frozen = createJobWorker({
      db: dbs[0],
      engine,
      clock,
      log: { ...silentLog, warn: (_details, message) => void warnings.push(message) },
      handlers: {
        export: async (_payload, context: JobContext) => {
          runs.push(context.attempt);
          await released;
          throw new Error('woke up too late');
        },
      },
      lockSeconds: 60,
      heartbeatMs: 3_600_000,
    });
    const healthy = createJobWorker({
      db: dbs[2],
      engine,
      clock,
      log: silentLog,
      handlers: { export: async (_payload, context) => void runs.push(context.attempt) },
      lockSeconds: 60,
    });
    const id = await enqueueJob(database.handle.db, clock, { type: 'export', payload: {} });
    const running = frozen.runDueJobs();
    await waitFor(() => runs.length === 1);

    clock.advanceSeconds(30);
    expect(await healthy.runDueJobs()).toBe(0);
    clock.advanceSeconds(31);
    expect(await healthy.runDueJobs()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });

    release();
    await running;
    expect(runs).toEqual([1, 2]);
    // The late failure is not recorded over the other instance's success.
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(warnings.filter((message) => message.startsWith('job outcome dropped'))).toHaveLength(1);
  });

  it('tells a running job when its heartbeat finds the job taken over', async () => {
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    let signal: AbortSignal | undefined;
    const worker = createJobWorker({
      db: dbs[0],
      engine,
      clock,
      log: silentLog,
      handlers: {
        export: async (_payload, context) => {
          signal = context.signal;
          await released;
        },
      },
      lockSeconds: 60,
      heartbeatMs: 10,
    });
    const id = await enqueueJob(database.handle.db, clock, { type: 'export', payload: {} });
    const running = worker.runDueJobs();
    await waitFor(() => signal !== undefined);
    // What another instance's claim does to the row after the lock expired.
    await database.handle.db
      .updateTable('jobs')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();

    await waitFor(() => signal?.aborted === true);
    release();
    await running;
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2 });
  });
});

const at = (iso: string) => new Date(iso);

describe('job periods', () => {
  it('names hours, days and shorter periods in UTC', () => {
    const now = at('2026-11-29T08:47:12.345Z');
    const hour = { period: 'hour' as const };
    expect(periodStart(hour, now).toISOString()).toBe('2026-11-29T08:00:00.000Z');
    expect(periodKey('purge', hour, periodStart(hour, now))).toBe('purge:2026-11-29T08');
    expect(nextPeriodStart(hour, now).toISOString()).toBe('2026-11-29T09:00:00.000Z');

    const day = { period: 'day' as const };
    expect(periodKey('prune', day, periodStart(day, now))).toBe('prune:2026-11-29');
    expect(nextPeriodStart(day, at('2026-12-31T23:59:59.999Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );

    const often = { period: { minutes: 5 } };
    expect(periodKey('uploads', often, periodStart(often, now))).toBe('uploads:2026-11-29T08:45');
    expect(nextPeriodStart(often, now).toISOString()).toBe('2026-11-29T08:50:00.000Z');
  });

  it('starts a day at its offset, and keeps the date of the day in the key', () => {
    const morning = { period: 'day' as const, offsetSeconds: 7 * 3600 };
    const early = at('2026-11-29T06:59:59.000Z');
    expect(periodKey('reminders', morning, periodStart(morning, early))).toBe(
      'reminders:2026-11-28',
    );
    expect(nextPeriodStart(morning, early).toISOString()).toBe('2026-11-29T07:00:00.000Z');
    const late = at('2026-11-29T07:00:00.000Z');
    expect(periodKey('reminders', morning, periodStart(morning, late))).toBe(
      'reminders:2026-11-29',
    );
    expect(nextPeriodStart(morning, late).toISOString()).toBe('2026-11-30T07:00:00.000Z');
  });

  it('refuses periods that do not divide a day, and offsets outside the period', () => {
    const now = at('2026-11-29T08:47:12.345Z');
    expect(() => periodStart({ period: { minutes: 7 } }, now)).toThrow(/does not divide a day/);
    expect(() => periodStart({ period: 'hour', offsetSeconds: 3600 }, now)).toThrow(/offset/);
  });
});
