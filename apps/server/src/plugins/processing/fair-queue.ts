/**
 * Tasks waiting for a lane's children, taken in turns by key (an account, a provider): the
 * next task is the oldest of the key whose turn it is, and a key that was served goes to the
 * back. One account's ten imports then never starve another account's one, and tasks of one
 * key keep their order. Tasks given no key share one.
 */
export interface FairQueue<T> {
  push(key: string | undefined, item: T): void;
  /** The next item in turn, or undefined when nothing waits. */
  take(): T | undefined;
  /** Every waiting item, in no particular order; the queue is empty afterwards. */
  drain(): T[];
}

const NO_KEY = '';

export function createFairQueue<T>(): FairQueue<T> {
  // A Map iterates in insertion order: deleting a key and setting it again sends it back.
  const waiting = new Map<string, T[]>();
  return {
    push(key, item) {
      const name = key ?? NO_KEY;
      const items = waiting.get(name);
      if (items) items.push(item);
      else waiting.set(name, [item]);
    },
    take() {
      const first = waiting.entries().next();
      if (first.done) return undefined;
      const [key, items] = first.value;
      const item = items.shift();
      waiting.delete(key);
      if (items.length > 0) waiting.set(key, items);
      return item;
    },
    drain() {
      const items = [...waiting.values()].flat();
      waiting.clear();
      return items;
    },
  };
}
