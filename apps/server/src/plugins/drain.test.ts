import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../test/factories.ts';
import { createTestApp, testEngines, type TestApp } from '../test/helper.ts';
import { drainApp } from './drain.ts';

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

function portOf(t: TestApp): number {
  const address = t.app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** Opens a TCP connection; rejects with the error (ECONNREFUSED) when none is accepted. */
function openConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes the connection. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });
}

describe.each(testEngines)('draining on SIGTERM (%s)', (engine) => {
  let t: TestApp;
  /** Lets the test's slow route and slow job end. */
  let openGate: (() => void) | undefined;

  afterEach(async () => {
    openGate?.();
    await t.close();
  });

  /** An app with a slow route (`/test/slow`) and a slow job type (`test.slow`), listening. */
  async function listeningApp() {
    const gate = Promise.withResolvers<void>();
    openGate = gate.resolve;
    const requestStarted = Promise.withResolvers<void>();
    const jobStarted = Promise.withResolvers<void>();
    t = await createTestApp(
      engine,
      {},
      {
        beforeReady(app) {
          app.get('/test/slow', { config: { auth: 'public' } }, async () => {
            requestStarted.resolve();
            await gate.promise;
            return { finished: true };
          });
          app.jobs.register('test.slow', async () => {
            jobStarted.resolve();
            await gate.promise;
          });
        },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return {
      base: `http://127.0.0.1:${portOf(t)}`,
      requestStarted: requestStarted.promise,
      jobStarted: jobStarted.promise,
    };
  }

  it('finishes the request in flight, refuses new connections and says 503 on /api/ready meanwhile', async () => {
    const { base, requestStarted } = await listeningApp();
    const idle = await fetch(`${base}/api/ready`);
    expect(idle.status).toBe(200);
    await idle.arrayBuffer();

    const slow = fetch(`${base}/test/slow`);
    await requestStarted;
    // A request that has begun to arrive when the drain starts (its headers not yet complete).
    const arriving = await openConnection(portOf(t));
    const arrivingAnswer = readUntilClosed(arriving);
    arriving.write('GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const port = portOf(t);

    const draining = drainApp(t.app, { graceMs: 10_000 });
    await waitFor(() => !t.app.server.listening);
    await expect(openConnection(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    arriving.write('\r\n');
    const readyDuringDrain = await arrivingAnswer;
    expect(readyDuringDrain).toMatch(/^HTTP\/1\.1 503 /);
    expect(readyDuringDrain).toMatch(/\r\nconnection: close\r\n/i);
    expect(readyDuringDrain).toContain('"failed":["draining"]');

    openGate?.();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ finished: true });
    // Nothing was cut off: the kept-alive connection of the first request held nothing up.
    expect(await draining).toEqual({ graceExceeded: false, releasedJobs: 0 });
  });

  it('ends live event streams with a retry hint, and does not wait for them', async () => {
    const { base } = await listeningApp();
    const me = await createLoggedInUser(t.app);
    const stream = await fetch(`${base}/api/events`, { headers: { cookie: me.cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let received = '';
    // The stream has begun: its reconnect hint (a catch-up `sync` may follow in the same chunk).
    const first = await reader.read();
    received += decoder.decode(first.value, { stream: true });
    expect(received).toMatch(/^retry: 3000\n\n/);

    const draining = drainApp(t.app, { graceMs: 10_000 });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    const hints = [...received.matchAll(/^retry: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(hints).toHaveLength(2);
    expect(hints[1]).toBeGreaterThanOrEqual(250);
    expect(hints[1]).toBeLessThan(1250);
    expect(await draining).toEqual({ graceExceeded: false, releasedJobs: 0 });
  });

  it('past the grace, closes the connection of a request still running and hands back a running job', async () => {
    const { base, requestStarted, jobStarted } = await listeningApp();
    const jobId = await t.app.jobs.enqueue(t.app.db, { type: 'test.slow', payload: {} });
    await t.app.jobs.start();
    await jobStarted;
    const slow = fetch(`${base}/test/slow`).then(
      (response) => response.status,
      (error: unknown) => error,
    );
    await requestStarted;
    const claimed = await t.app.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(claimed).toEqual({ status: 'running', attempts: 1 });

    expect(await drainApp(t.app, { graceMs: 300 })).toEqual({
      graceExceeded: true,
      releasedJobs: 1,
    });
    // The client saw its connection closed, not an answer.
    expect(await slow).toBeInstanceOf(Error);
    // Pending again, due now: another instance takes it at its next poll, not in ten minutes.
    const released = await t.app.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'locked_until', 'run_at'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(released).toEqual({
      status: 'pending',
      attempts: 1,
      locked_until: null,
      run_at: t.clock.now().toISOString(),
    });
  });
});
