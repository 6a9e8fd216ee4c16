import type { Kysely, Selectable } from 'kysely';
import { addSeconds } from '../clock.ts';
import type { Engine } from '../db/migrations/context.ts';
import type { Database, JobsTable } from '../db/schema.ts';

/** All SQL of the job queue. Times are ISO strings, which compare correctly on both engines. */

export type JobRow = Selectable<JobsTable>;

const LAST_ERROR_MAX_LENGTH = 2000;
export const ABANDONED_ERROR =
  'The worker stopped before the job finished, and no attempt is left.';

export interface ClaimOptions {
  engine: Engine;
  now: Date;
  limit: number;
  lockSeconds: number;
  types: string[];
}

/**
 * Takes up to `limit` due jobs: pending ones whose time has come, and running ones whose
 * worker's lock expired (it crashed or was killed). Raising `attempts` here, not on failure,
 * means a job that kills its worker still runs out of attempts. Only types this worker can
 * handle are taken, so an older instance during a rolling deploy leaves newer types alone.
 *
 * On PostgreSQL `FOR UPDATE SKIP LOCKED` lets workers in many instances claim side by side
 * without waiting for or double-claiming each other's rows. SQLite has a single writer and
 * runs the statement atomically, so it needs no locking clause.
 */
export async function claimDueJobs(db: Kysely<Database>, options: ClaimOptions): Promise<JobRow[]> {
  if (options.types.length === 0 || options.limit <= 0) return [];
  const now = options.now.toISOString();
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('type', 'in', options.types)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]),
        eb.and([
          eb('status', '=', 'running'),
          eb('locked_until', '<', now),
          eb('attempts', '<', eb.ref('max_attempts')),
        ]),
      ]),
    )
    .orderBy('run_at')
    .limit(options.limit)
    .$if(options.engine === 'postgres', (query) => query.forUpdate().skipLocked());

  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      locked_until: addSeconds(options.now, options.lockSeconds).toISOString(),
      updated_at: now,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/**
 * Running jobs whose lock expired after their last attempt: their worker died on it (or the
 * whole process did, as a hostile document once could make it), and no attempt is left.
 */
export async function failAbandonedJobs(db: Kysely<Database>, now: Date): Promise<JobRow[]> {
  const nowIso = now.toISOString();
  return db
    .updateTable('jobs')
    .set({
      status: 'failed',
      locked_until: null,
      last_error: ABANDONED_ERROR,
      updated_at: nowIso,
    })
    .where('status', '=', 'running')
    .where('locked_until', '<', nowIso)
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
    .returningAll()
    .execute();
}

/**
 * `attempts` fences the update: it is raised by every claim, so it is the claim's token. If
 * this worker's lock expired and another worker took the job over, the other worker's outcome
 * counts and this one's is dropped (and its heartbeat stops renewing the other's lock).
 */
function ownClaim(db: Kysely<Database>, job: JobRow) {
  return db
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts);
}

/**
 * The worker's heartbeat: pushes its claim's expiry on while the handler runs. Answers false
 * when the claim is no longer this worker's (it expired and another worker took the job).
 */
export async function renewJobLock(
  db: Kysely<Database>,
  job: JobRow,
  options: { now: Date; lockSeconds: number },
): Promise<boolean> {
  const result = await ownClaim(db, job)
    .set({
      locked_until: addSeconds(options.now, options.lockSeconds).toISOString(),
      updated_at: options.now.toISOString(),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Answers false when the claim was lost, so another worker's outcome stands. */
export async function markJobDone(db: Kysely<Database>, job: JobRow, now: Date): Promise<boolean> {
  const result = await ownClaim(db, job)
    .set({ status: 'done', locked_until: null, updated_at: now.toISOString() })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const RELEASED_ERROR =
  'The instance running the job was stopped before it finished; it runs again elsewhere.';

/**
 * Hands a running job back when its instance drains and the grace ran out: pending and due
 * now, so another instance claims it at once instead of when the lock would expire. The
 * attempt it used stays counted. Fenced like any outcome: a job that finished meanwhile, or
 * that another worker took over, is left alone. Answers whether the claim was handed back.
 */
export async function releaseJobClaim(
  db: Kysely<Database>,
  job: JobRow,
  now: Date,
): Promise<boolean> {
  const result = await ownClaim(db, job)
    .set({
      status: 'pending',
      run_at: now.toISOString(),
      locked_until: null,
      last_error: RELEASED_ERROR,
      updated_at: now.toISOString(),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface FailedAttempt {
  error: string;
  now: Date;
  /** When to try again; undefined when the job has failed for good. */
  retryAt: Date | undefined;
}

/** Answers false when the claim was no longer this worker's (see ownClaim). */
export async function markJobAttemptFailed(
  db: Kysely<Database>,
  job: JobRow,
  attempt: FailedAttempt,
): Promise<boolean> {
  const result = await ownClaim(db, job)
    .set({
      status: attempt.retryAt ? 'pending' : 'failed',
      run_at: attempt.retryAt ? attempt.retryAt.toISOString() : job.run_at,
      locked_until: null,
      last_error: attempt.error.slice(0, LAST_ERROR_MAX_LENGTH),
      updated_at: attempt.now.toISOString(),
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Finished jobs are kept for a while to answer "what happened?"; this drops the old ones. */
export async function deleteFinishedJobs(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
