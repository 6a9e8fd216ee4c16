import type { Kysely } from 'kysely';
import { addSeconds, type Clock } from '../clock.ts';
import { newId } from '../db/ids.ts';
import type { Engine } from '../db/migrations/context.ts';
import type { Database } from '../db/schema.ts';
import {
  ABANDONED_ERROR,
  claimDueJobs,
  failAbandonedJobs,
  markJobAttemptFailed,
  markJobDone,
  releaseJobClaim,
  renewJobLock,
  type JobRow,
} from './job-queries.ts';

export { deleteFinishedJobs } from './job-queries.ts';

const DEFAULT_MAX_ATTEMPTS = 8;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_CAP_SECONDS = 3600;

export interface NewJob {
  type: string;
  /** Anything JSON can hold; the handler parses it. */
  payload: unknown;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job. Pass the transaction that writes the data the job concerns: the job then
 * exists exactly when that data does. The clock is the caller's, so that tests moving a
 * fake clock see jobs due when they expect.
 */
export async function enqueueJob(db: Kysely<Database>, clock: Clock, job: NewJob): Promise<string> {
  const now = clock.now();
  const row = jobRow(job, now);
  await db.insertInto('jobs').values(row).execute();
  return row.id;
}

/** Jobs one multi-row insert takes (a job row has 12 columns; SQLite allows 32,766 values). */
const ENQUEUE_BATCH = 1000;

/** Adds many jobs in few statements, as `enqueueJob` does one (same transaction rule). */
export async function enqueueJobs(
  db: Kysely<Database>,
  clock: Clock,
  jobs: readonly NewJob[],
): Promise<void> {
  const now = clock.now();
  for (let start = 0; start < jobs.length; start += ENQUEUE_BATCH) {
    const rows = jobs.slice(start, start + ENQUEUE_BATCH).map((job) => jobRow(job, now));
    await db.insertInto('jobs').values(rows).execute();
  }
}

function jobRow(job: NewJob, now: Date) {
  return {
    id: newId(now.getTime()),
    type: job.type,
    payload: JSON.stringify(job.payload ?? null),
    status: 'pending' as const,
    attempts: 0,
    max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_at: (job.runAt ?? now).toISOString(),
    locked_until: null,
    last_error: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /**
   * Aborted when this worker lost the job: its lock expired unrenewed (the instance stalled)
   * and another worker took it over. A long handler may stop early; its outcome is dropped.
   */
  signal: AbortSignal;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/**
 * Called once when a job fails for good: its last attempt threw, it threw a
 * PermanentJobError, or its worker stopped during the last attempt. Lets the job's owner
 * record the outcome where users see it (a document whose text could not be read).
 */
export type JobGiveUpHandler = (payload: unknown, reason: string) => Promise<void>;

/** Thrown by a handler when trying again cannot help (a malformed payload, say). */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** The part of pino the worker uses, so tests can pass a plain object. */
export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobWorkerOptions {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  log: JobLogger;
  handlers: Record<string, JobHandler>;
  giveUpHandlers?: Record<string, JobGiveUpHandler>;
  pollIntervalMs?: number;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /**
   * How long a claim lasts unrenewed. While a handler runs the worker renews it (a heartbeat
   * every `heartbeatMs`), so only a worker that died or stalled this long loses its jobs.
   */
  lockSeconds?: number;
  /** How often a running job's lock is renewed; a third of the lock by default. */
  heartbeatMs?: number;
  random?: () => number;
}

export interface StopOptions {
  /**
   * How long the jobs already running may take. Those still running then are handed back
   * (pending again, for another instance) and left to end with the process. Unset: wait.
   */
  graceMs?: number;
}

export interface StoppedWorker {
  /** Jobs still running when the grace ran out, whose claims were handed back. */
  released: number;
}

export interface JobWorker {
  start(): void;
  /**
   * Stops claiming and resolves when the jobs already running have finished, or the grace
   * ran out. A second call while stopping waits for the first.
   */
  stop(options?: StopOptions): Promise<StoppedWorker>;
  /** Runs everything due now, to completion; answers how many jobs ran. For tests and the CLI. */
  runDueJobs(): Promise<number>;
}

/**
 * Exponential backoff (30 s, 1 min, 2 min … capped at 1 h) with "equal jitter": a random
 * delay between half and all of it, so jobs that failed together do not retry together, yet
 * never later than the un-jittered delay.
 */
export function retryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  const delay = Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempt - 1));
  return delay / 2 + (delay / 2) * random();
}

function parsePayload(job: JobRow): unknown {
  try {
    return JSON.parse(job.payload);
  } catch (error) {
    throw new PermanentJobError('The job payload is not valid JSON', { cause: error });
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, clock, log, handlers } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const lockSeconds = options.lockSeconds ?? 600;
  const heartbeatMs = options.heartbeatMs ?? (lockSeconds * 1000) / 3;
  const random = options.random ?? Math.random;
  const giveUpHandlers = options.giveUpHandlers ?? {};
  const types = Object.keys(handlers);
  /** Each job being run, by the task running it. */
  const running = new Map<Promise<void>, JobRow>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let isStarted = false;
  let stopping: Promise<StoppedWorker> | undefined;

  /** The give-up handler's own failure is logged: the job is failed either way. */
  async function giveUp(job: JobRow, reason: string): Promise<void> {
    const onGiveUp = giveUpHandlers[job.type];
    if (!onGiveUp) return;
    try {
      await onGiveUp(parsePayload(job), reason);
    } catch (error) {
      log.error({ err: error, job: { id: job.id, type: job.type } }, 'job give-up not recorded');
    }
  }

  /**
   * Renews the job's lock until stopped. A renewal that finds the claim gone (another worker
   * took the job after the lock expired) aborts the handler's signal and stops beating; one
   * that fails (the database is briefly away) is logged and tried again at the next beat.
   * Stopping waits for a renewal in flight, so none lands after the outcome is recorded.
   */
  function startHeartbeat(job: JobRow, lost: AbortController): () => Promise<void> {
    let beating: Promise<void> | undefined;
    let isStopped = false;
    const beat = setInterval(() => {
      if (beating || isStopped) return;
      beating = renewJobLock(db, job, { now: clock.now(), lockSeconds })
        .then((isOwn) => {
          if (isOwn || isStopped) return;
          clearInterval(beat);
          log.warn({ job: { id: job.id, type: job.type } }, 'job lock lost to another worker');
          lost.abort(new Error('The job was taken over by another worker'));
        })
        .catch((error: unknown) => {
          log.warn({ err: error, job: { id: job.id, type: job.type } }, 'job lock not renewed');
        })
        .finally(() => {
          beating = undefined;
        });
    }, heartbeatMs);
    return async () => {
      isStopped = true;
      clearInterval(beat);
      await beating;
    };
  }

  /** Runs the handler while the heartbeat keeps the claim; answers what it threw, if anything. */
  async function runHandler(job: JobRow): Promise<{ error: unknown } | undefined> {
    const lost = new AbortController();
    const stopHeartbeat = startHeartbeat(job, lost);
    const context = {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      signal: lost.signal,
    };
    try {
      const handler = handlers[job.type];
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`);
      await handler(parsePayload(job), context);
      return undefined;
    } catch (error) {
      return { error };
    } finally {
      await stopHeartbeat();
    }
  }

  /** Records the outcome only while the claim is still this worker's (see ownClaim). */
  async function runJob(job: JobRow): Promise<void> {
    const failure = await runHandler(job);
    const lostLock = () =>
      log.warn(
        { job: { id: job.id, type: job.type, attempt: job.attempts } },
        'job outcome dropped: the job was handed back or taken over by another worker',
      );
    if (!failure) {
      if (!(await markJobDone(db, job, clock.now()))) lostLock();
      return;
    }
    const { error } = failure;
    const isFinal = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
    const retryAt = isFinal
      ? undefined
      : addSeconds(clock.now(), retryDelaySeconds(job.attempts, random));
    const details = {
      job: { id: job.id, type: job.type, attempt: job.attempts, maxAttempts: job.max_attempts },
      retryAt,
    };
    // A job that says trying again cannot help has explained itself: no stack trace. A
    // failure that will be retried is a warning; only the last attempt's is an error.
    if (error instanceof PermanentJobError)
      log.warn({ ...details, reason: error.message }, 'job failed for good');
    else if (!isFinal)
      log.warn({ ...details, reason: describeError(error) }, 'job failed, will retry');
    else log.error({ err: error, ...details }, 'job failed');
    const isRecorded = await markJobAttemptFailed(db, job, {
      error: describeError(error),
      now: clock.now(),
      retryAt,
    });
    if (!isRecorded) lostLock();
    else if (isFinal) await giveUp(job, describeError(error));
  }

  /** Runs a job in the background, logging instead of throwing if even recording fails. */
  function track(job: JobRow): Promise<void> {
    const task = runJob(job)
      .catch((error: unknown) => {
        log.error({ err: error, job: { id: job.id, type: job.type } }, 'job outcome not recorded');
      })
      .finally(() => {
        running.delete(task);
        if (isStarted) schedule(0);
      });
    running.set(task, job);
    return task;
  }

  async function claim(limit: number): Promise<JobRow[]> {
    const now = clock.now();
    const abandoned = await failAbandonedJobs(db, now);
    if (abandoned.length > 0) {
      log.info({ abandoned: abandoned.length }, 'jobs abandoned by a stopped worker failed');
      for (const job of abandoned) await giveUp(job, ABANDONED_ERROR);
    }
    return claimDueJobs(db, { engine: options.engine, now, limit, lockSeconds, types });
  }

  function schedule(delayMs: number): void {
    if (!isStarted) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (polling) return;
      polling = poll().finally(() => {
        polling = undefined;
      });
    }, delayMs);
  }

  async function poll(): Promise<void> {
    const free = concurrency - running.size;
    try {
      const jobs = free > 0 ? await claim(free) : [];
      for (const job of jobs) void track(job);
      // A full batch suggests more are waiting; finishing jobs also reschedule at once.
      schedule(jobs.length > 0 && jobs.length === free ? 0 : pollIntervalMs);
    } catch (error) {
      log.error({ err: error }, 'could not claim jobs');
      schedule(pollIntervalMs);
    }
  }

  /**
   * Hands back the claims of the jobs still running; answers how many were. They are no longer
   * this worker's to wait for: their outcome, if they ever end, is dropped by the fence.
   */
  async function releaseRunning(): Promise<number> {
    let released = 0;
    for (const [task, job] of running) {
      running.delete(task);
      try {
        if (await releaseJobClaim(db, job, clock.now())) released += 1;
      } catch (error) {
        log.error({ err: error, job: { id: job.id, type: job.type } }, 'job claim not released');
      }
    }
    if (released > 0) log.warn({ released }, 'jobs still running when stopping were handed back');
    return released;
  }

  async function stopWorker(graceMs: number | undefined): Promise<StoppedWorker> {
    isStarted = false;
    clearTimeout(timer);
    await polling;
    const finished = Promise.allSettled(running.keys()).then(() => true);
    if (graceMs === undefined) {
      await finished;
      return { released: 0 };
    }
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<boolean>((resolve) => {
      graceTimer = setTimeout(() => resolve(false), Math.max(0, graceMs));
    });
    const isFinished = await Promise.race([finished, graceOver]);
    clearTimeout(graceTimer);
    return { released: isFinished ? 0 : await releaseRunning() };
  }

  return {
    start() {
      if (isStarted) return;
      isStarted = true;
      schedule(0);
    },

    stop(stopOptions = {}) {
      stopping ??= stopWorker(stopOptions.graceMs).finally(() => {
        stopping = undefined;
      });
      return stopping;
    },

    async runDueJobs() {
      let count = 0;
      for (;;) {
        const jobs = await claim(concurrency);
        if (jobs.length === 0) return count;
        count += jobs.length;
        await Promise.all(jobs.map(track));
      }
    },
  };
}
