import type { Kysely } from 'kysely';
import { addSeconds, type Clock } from '../clock.ts';
import { newId } from '../db/ids.ts';
import type { Engine } from '../db/migrations/context.ts';
import type { Database } from '../db/schema.ts';
import { nextPeriodStart, periodKey, periodStart, type JobPeriod } from './job-periods.ts';
import {
  createJobWorker,
  deleteFinishedJobs,
  enqueueJob,
  type JobContext,
  type JobGiveUpHandler,
  type JobHandler,
  type JobLogger,
  type JobWorker,
  type NewJob,
  type StopOptions,
  type StoppedWorker,
} from './jobs.ts';

/** A job that runs once per period for the whole cluster, however many instances there are. */
export interface PeriodicJob {
  type: string;
  /** In UTC; `{ minutes }` must divide a day. */
  period: JobPeriod;
  /** How far into each period the run is due, e.g. 7 h for 07:00 UTC every day. */
  offsetSeconds?: number;
  /**
   * When an instance starts: run the current period's job now, unless it ran (or is queued)
   * already ('now', the default), or only queue the next period's ('next-period').
   */
  firstRun?: 'now' | 'next-period';
  /** Attempts per period; a period whose run failed for good is skipped. */
  maxAttempts?: number;
  run: (context: JobContext) => Promise<void>;
}

/**
 * The app's job queue: modules register handlers while the app is built, `start()` (main.ts,
 * after listen) begins polling, tests call `runDueJobs()`. The worker is created on first use,
 * once every module has registered its handlers.
 */
export interface JobRunner {
  /** `onGiveUp` runs once when a job of this type has failed for good. */
  register(type: string, handler: JobHandler, options?: { onGiveUp?: JobGiveUpHandler }): void;
  /** Runs when the worker starts, before it polls. */
  onStart(task: () => Promise<void>): void;
  enqueue(db: Kysely<Database>, job: NewJob): Promise<string>;
  /**
   * Registers periodic work. Each period's run is a job keyed `<type>:<period>`, unique in
   * every status: every instance queues it at start and each run queues the next period's,
   * so N instances queue it N times, and it runs once.
   */
  every(job: PeriodicJob): void;
  /** Queues a periodic job's run as an instance's start does (see `firstRun`). */
  schedulePeriodic(type: string): Promise<void>;
  start(): Promise<void>;
  /** See JobWorker.stop: with a grace, the jobs still running then are handed back. */
  stop(options?: StopOptions): Promise<StoppedWorker>;
  runDueJobs(): Promise<number>;
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  log: JobLogger;
  pollIntervalMs?: number;
  lockSeconds?: number;
  heartbeatMs?: number;
}

const PERIODIC_MAX_ATTEMPTS = 3;

export const FINISHED_JOBS_PRUNE_JOB = 'jobs.prune';
/**
 * Finished jobs are kept this long, to answer "what happened?". It must exceed the longest
 * period: a periodic job's row is what keeps its period's key taken.
 */
export const FINISHED_JOB_RETENTION_DAYS = 14;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock } = options;
  const handlers: Record<string, JobHandler> = {};
  const giveUpHandlers: Record<string, JobGiveUpHandler> = {};
  const periodic = new Map<string, PeriodicJob>();
  const startTasks: Array<() => Promise<void>> = [];
  let worker: JobWorker | undefined;

  function getWorker(): JobWorker {
    worker ??= createJobWorker({ ...options, handlers, giveUpHandlers });
    return worker;
  }

  function register(type: string, handler: JobHandler, onGiveUp?: JobGiveUpHandler): void {
    if (worker) throw new Error(`job handler ${type} registered after the worker started`);
    handlers[type] = handler;
    if (onGiveUp) giveUpHandlers[type] = onGiveUp;
  }

  /**
   * Queues the run of the period starting at `runAt` unless its key is taken: the unique
   * index makes this safe on many instances at once, in any status of the earlier row.
   */
  async function enqueuePeriod(job: PeriodicJob, start: Date, runAt: Date): Promise<void> {
    const now = clock.now();
    await db
      .insertInto('jobs')
      .values({
        id: newId(now.getTime()),
        type: job.type,
        payload: '{}',
        status: 'pending',
        attempts: 0,
        max_attempts: job.maxAttempts ?? PERIODIC_MAX_ATTEMPTS,
        run_at: runAt.toISOString(),
        locked_until: null,
        last_error: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        unique_key: periodKey(job.type, job, start),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /** After a run (done, or failed for good): the next period's, which no run can race. */
  function enqueueNextPeriod(job: PeriodicJob): Promise<void> {
    const next = nextPeriodStart(job, clock.now());
    return enqueuePeriod(job, next, next);
  }

  function schedulePeriodic(job: PeriodicJob): Promise<void> {
    const now = clock.now();
    if ((job.firstRun ?? 'now') === 'now') return enqueuePeriod(job, periodStart(job, now), now);
    return enqueueNextPeriod(job);
  }

  function every(job: PeriodicJob): void {
    // Validates the period now rather than at the first run.
    periodKey(job.type, job, periodStart(job, clock.now()));
    register(
      job.type,
      async (_payload, context) => {
        await job.run(context);
        await enqueueNextPeriod(job);
      },
      // A period that failed for good is left failed; the chain goes on with the next.
      () => enqueueNextPeriod(job),
    );
    periodic.set(job.type, job);
    startTasks.push(() => schedulePeriodic(job));
  }

  every({
    type: FINISHED_JOBS_PRUNE_JOB,
    period: 'day',
    run: async () => {
      const before = addSeconds(clock.now(), -FINISHED_JOB_RETENTION_DAYS * 24 * 3600);
      const deleted = await deleteFinishedJobs(db, before);
      if (deleted > 0) options.log.info({ deleted }, 'forgot finished jobs');
    },
  });

  return {
    register(type, handler, registration = {}) {
      register(type, handler, registration.onGiveUp);
    },
    onStart(task) {
      startTasks.push(task);
    },
    enqueue: (jobDb, job) => enqueueJob(jobDb, clock, job),
    every,
    async schedulePeriodic(type) {
      const job = periodic.get(type);
      if (!job) throw new Error(`no periodic job ${type}`);
      await schedulePeriodic(job);
    },
    async start() {
      for (const task of startTasks) await task();
      getWorker().start();
    },
    async stop(stopOptions) {
      return (await worker?.stop(stopOptions)) ?? { released: 0 };
    },
    runDueJobs: () => getWorker().runDueJobs(),
  };
}
