import { AppError } from './app-error.ts';

/** How long a client turned away by a full queue is asked to wait. */
const RETRY_AFTER_SECONDS = 2;

export interface WorkQueue {
  /** Runs `task` once a place is free; RATE_LIMITED at once when too many wait already. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * At most `concurrency` tasks at once, the others waiting in order. Anonymous work (a public
 * form's submission) goes through one: a flood of it then holds a place or two of the event
 * loop, not all of it, and the people reading their post keep their latency. A waiting
 * request costs nothing but its socket; past `maxWaiting`, newcomers are turned away.
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number }): WorkQueue {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) {
        running += 1;
      } else {
        if (waiting.length >= options.maxWaiting) {
          throw new AppError('RATE_LIMITED', {
            message: 'Many forms are being sent right now. Please try again in a moment.',
            details: { retry_after_seconds: RETRY_AFTER_SECONDS },
            headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
          });
        }
        // The place of the task that ends is handed over: `running` stays as it is.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
