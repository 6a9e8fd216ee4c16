import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the instance is draining (SIGTERM): `/api/ready` answers 503 from then on. */
    drain: DrainState;
  }
}

export class DrainState {
  #isDraining = false;

  get isDraining(): boolean {
    return this.#isDraining;
  }

  begin(): void {
    this.#isDraining = true;
  }
}

/**
 * The drain's state, and `Connection: close` on every answer sent while draining: a request
 * in flight when the drain began, or one that came on a connection kept alive from before,
 * ends its connection when answered. Otherwise an idle kept-alive connection would hold the
 * server open until its keep-alive timeout.
 */
export function registerDrain(app: FastifyInstance): void {
  app.decorate('drain', new DrainState());
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.drain.isDraining) reply.header('connection', 'close');
    done(null, payload);
  });
}

const IDLE_SWEEP_MS = 100;

export interface DrainOptions {
  /** How long requests in flight and running jobs may still take; then they are cut off. */
  graceMs: number;
}

export interface DrainOutcome {
  /** The grace ran out before requests or jobs had finished; what was left was cut off. */
  graceExceeded: boolean;
  /** Jobs still running when the grace ran out, whose claims were handed back. */
  releasedJobs: number;
}

/**
 * Takes the instance out of service without losing work, as SIGTERM asks (main.ts):
 *
 * 1. `/api/ready` answers 503 at once, so the load balancer sends nothing new here;
 * 2. live event streams end with a `retry:` hint (their preClose hook), so browsers reconnect,
 *    through the load balancer, to another instance;
 * 3. the listener closes: new connections are refused, idle ones closed;
 * 4. requests in flight finish, each closing its connection when answered;
 * 5. the job worker claims nothing more, and the jobs running finish;
 * 6. when the grace runs out first, the busy connections are closed and the claims of the
 *    jobs still running handed back (pending again), so another instance runs them at once
 *    instead of after their lock expires.
 *
 * Then the app is closed (its onClose hooks: the event bus, the processing pool); the caller
 * closes the database.
 */
export async function drainApp(app: FastifyInstance, options: DrainOptions): Promise<DrainOutcome> {
  app.drain.begin();
  app.log.info({ graceSeconds: options.graceMs / 1000 }, 'draining');
  let graceExceeded = false;
  const cutOff = setTimeout(() => {
    graceExceeded = true;
    app.log.warn('the grace ran out; closing the connections still open');
    app.server.closeAllConnections();
  }, options.graceMs);
  // The listener's close ends the connections idle at that moment; one that falls idle later
  // (an ended event stream, an answer without `Connection: close`) is ended here.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    // The worker stops claiming at once, side by side with the requests finishing; the app's
    // onClose hook then waits for this same stop.
    const [jobs] = await Promise.all([app.jobs.stop({ graceMs: options.graceMs }), app.close()]);
    return { graceExceeded, releasedJobs: jobs.released };
  } finally {
    clearTimeout(cutOff);
    clearInterval(sweep);
  }
}
