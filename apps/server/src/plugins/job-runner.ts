import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { newId } from '../db/ids.ts';
import type { Engine } from '../db/migrations/context.ts';
import type { Database } from '../db/schema.ts';
import {
  createJobWorker,
  enqueueJob,
  type JobGiveUpHandler,
  type JobHandler,
  type JobLogger,
  type JobWorker,
  type NewJob,
  type StopOptions,
  type StoppedWorker,
} from './jobs.ts';

/**
 * The app's job queue: modules register handlers while the app is built, `start()` (main.ts,
 * after listen) begins polling, tests call `runDueJobs()`. The worker is created on first use,
 * once every module has registered its handlers.
 */
export interface JobRunner {
  /** `onGiveUp` runs once when a job of this type has failed for good. */
  register(type: string, handler: JobHandler, options?: { onGiveUp?: JobGiveUpHandler }): void;
  /** Runs when the worker starts, e.g. to make sure a recurring job is scheduled. */
  onStart(task: () => Promise<void>): void;
  enqueue(db: Kysely<Database>, job: NewJob): Promise<string>;
  /** Adds a recurring job unless one with this key is already pending. */
  enqueueUnique(db: Kysely<Database>, job: NewJob & { uniqueKey: string }): Promise<void>;
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
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const handlers: Record<string, JobHandler> = {};
  const giveUpHandlers: Record<string, JobGiveUpHandler> = {};
  const startTasks: Array<() => Promise<void>> = [];
  let worker: JobWorker | undefined;

  function getWorker(): JobWorker {
    worker ??= createJobWorker({ ...options, handlers, giveUpHandlers });
    return worker;
  }

  return {
    register(type, handler, registration = {}) {
      if (worker) throw new Error(`job handler ${type} registered after the worker started`);
      handlers[type] = handler;
      if (registration.onGiveUp) giveUpHandlers[type] = registration.onGiveUp;
    },
    onStart(task) {
      startTasks.push(task);
    },
    enqueue: (db, job) => enqueueJob(db, options.clock, job),
    async enqueueUnique(db, job) {
      const now = options.clock.now();
      await db
        .insertInto('jobs')
        .values({
          id: newId(now.getTime()),
          type: job.type,
          payload: JSON.stringify(job.payload ?? null),
          status: 'pending',
          attempts: 0,
          max_attempts: job.maxAttempts ?? 3,
          run_at: (job.runAt ?? now).toISOString(),
          locked_until: null,
          last_error: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          unique_key: job.uniqueKey,
        })
        // The partial unique index on pending rows makes this safe on many instances at once.
        .onConflict((conflict) => conflict.doNothing())
        .execute();
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
