import { AppError } from './app-error.ts';

/** How long a client turned away by a full queue is asked to wait. */
const RETRY_AFTER_SECONDS = 2;

export interface WorkQueue {
  /** Runs `task` once a place is free; RATE_LIMITED at once when too many wait already. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export interface WorkQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for their turn; past it, newcomers are turned away. */
  maxWaiting: number;
  /**
   * Tasks started per second on average, with `burst` at once after a quiet spell. Without it,
   * a task starts as soon as a place is free.
   */
  pace?: { perSecond: number; burst: number };
  /** The clock, in milliseconds (tests pass their own). */
  now?: () => number;
}

/**
 * At most `concurrency` tasks at once and, when paced, at most `pace.perSecond` started a
 * second; the others wait in order. Anonymous work (a public form's submission) goes through
 * one: a flood of it then gets a fixed share of the event loop however fast it is sent, and
 * the people reading their post keep their latency. A waiting request costs nothing but its
 * socket; past `maxWaiting`, newcomers are turned away.
 */
export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const now = options.now ?? performance.now.bind(performance);
  const pace = options.pace;
  let running = 0;
  let tokens = pace?.burst ?? 0;
  let refilledAt = now();
  let timer: NodeJS.Timeout | undefined;
  const waiting: Array<() => void> = [];

  /** Takes one start from the bucket, or says how many milliseconds until there is one. */
  function takeStart(): number {
    if (!pace) return 0;
    const time = now();
    tokens = Math.min(pace.burst, tokens + ((time - refilledAt) * pace.perSecond) / 1000);
    refilledAt = time;
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - tokens) * 1000) / pace.perSecond);
  }

  /** Starts waiting tasks while there is a place and a start to take. */
  function pump(): void {
    while (waiting.length > 0 && running < options.concurrency && timer === undefined) {
      const wait = takeStart();
      if (wait > 0) {
        timer = setTimeout(() => {
          timer = undefined;
          pump();
        }, wait);
        return;
      }
      running += 1;
      waiting.shift()?.();
    }
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (waiting.length >= options.maxWaiting) {
        throw new AppError('RATE_LIMITED', {
          message: 'Many forms are being sent right now. Please try again in a moment.',
          details: { retry_after_seconds: RETRY_AFTER_SECONDS },
          headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
        });
      }
      const turn = new Promise<void>((resolve) => waiting.push(resolve));
      pump();
      await turn;
      try {
        return await task();
      } finally {
        running -= 1;
        pump();
      }
    },
  };
}
