import { describe, expect, it } from 'vitest';
import { createFairQueue } from './fair-queue.ts';

function takeAll<T>(queue: { take(): T | undefined }): T[] {
  const taken: T[] = [];
  for (let item = queue.take(); item !== undefined; item = queue.take()) taken.push(item);
  return taken;
}

describe('a fair queue', () => {
  it('serves another account between one account’s tasks, each in its own order', () => {
    const queue = createFairQueue<string>();
    for (let number = 1; number <= 10; number += 1) queue.push('account-a', `a${number}`);
    queue.push('account-b', 'b1');
    queue.push('account-b', 'b2');
    queue.push('provider-p', 'p1');
    expect(takeAll(queue)).toEqual([
      'a1',
      'b1',
      'p1',
      'a2',
      'b2',
      'a3',
      'a4',
      'a5',
      'a6',
      'a7',
      'a8',
      'a9',
      'a10',
    ]);
  });

  it('sends a key that was just served behind the keys already waiting', () => {
    const queue = createFairQueue<string>();
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    expect(queue.take()).toBe('a1');
    queue.push('a', 'a2');
    queue.push('c', 'c1');
    expect(takeAll(queue)).toEqual(['b1', 'a2', 'c1']);
  });

  it('keeps tasks without a key in order, as one key', () => {
    const queue = createFairQueue<number>();
    queue.push(undefined, 1);
    queue.push(undefined, 2);
    queue.push('a', 3);
    expect(takeAll(queue)).toEqual([1, 3, 2]);
    queue.push('a', 4);
    queue.push('b', 5);
    expect(queue.drain().toSorted()).toEqual([4, 5]);
    expect(queue.take()).toBeUndefined();
  });
});
