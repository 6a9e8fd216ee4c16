import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createWorkQueue } from './work-queue.ts';

function gate() {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { opened: promise, open: resolve };
}

describe('a work queue', () => {
  it('runs at most its concurrency at once, the others in order', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 10 });
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const results = gates.map((taskGate, index) =>
      queue.run(async () => {
        started.push(index);
        await taskGate.opened;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]?.open();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const taskGate of gates) taskGate.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees its place when a task fails, and turns newcomers away when too many wait', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const first = gate();
    const running = queue.run(() => first.opened.then(() => Promise.reject(new Error('broke'))));
    const waiting = queue.run(async () => 'second');
    const refused = queue.run(async () => 'third');
    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    first.open();
    await expect(running).rejects.toThrow('broke');
    expect(await waiting).toBe('second');
    expect(await queue.run(async () => 'again')).toBe('again');
  });
});
