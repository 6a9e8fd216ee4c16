import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('when paced', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('starts a burst at once, then no more than its pace, however fast tasks come', async () => {
      vi.useFakeTimers();
      const queue = createWorkQueue({
        concurrency: 10,
        maxWaiting: 10,
        pace: { perSecond: 10, burst: 2 },
        now: () => Date.now(),
      });
      const started: number[] = [];
      const results = Array.from({ length: 5 }, (_, index) =>
        queue.run(async () => {
          started.push(index);
          return index;
        }),
      );
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toEqual([0, 1]);
      await vi.advanceTimersByTimeAsync(99);
      expect(started).toEqual([0, 1]);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toEqual([0, 1, 2]);
      await vi.advanceTimersByTimeAsync(200);
      expect(started).toEqual([0, 1, 2, 3, 4]);
      expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    });

    it('turns newcomers away while its waiting line is full, and refills after a quiet spell', async () => {
      vi.useFakeTimers();
      const queue = createWorkQueue({
        concurrency: 5,
        maxWaiting: 2,
        pace: { perSecond: 1, burst: 1 },
        now: () => Date.now(),
      });
      const first = queue.run(async () => 'first');
      const second = queue.run(async () => 'second');
      const third = queue.run(async () => 'third');
      await expect(queue.run(async () => 'fourth')).rejects.toMatchObject({
        code: 'RATE_LIMITED',
      });
      expect(await first).toBe('first');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await Promise.all([second, third])).toEqual(['second', 'third']);
      await vi.advanceTimersByTimeAsync(5_000);
      const started: string[] = [];
      await queue.run(async () => started.push('after a quiet spell'));
      expect(started).toEqual(['after a quiet spell']);
    });
  });
});
