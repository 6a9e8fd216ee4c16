import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const MB = 1024 * 1024;

/**
 * `totalBytes` of varying content, produced chunk by chunk, never held in memory at once.
 * `produced()` tells how much was asked for, to see how soon a consumer stopped reading.
 */
export function generatedStream(
  totalBytes: number,
  chunkBytes = 64 * 1024,
): Readable & { produced(): number } {
  let produced = 0;
  const chunk = Buffer.alloc(chunkBytes);
  const stream = new Readable({
    read() {
      if (produced >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(chunkBytes, totalBytes - produced);
      chunk.writeUInt32BE(produced / chunkBytes, 0);
      this.push(Buffer.from(chunk.subarray(0, size)));
      produced += size;
    },
  });
  return Object.assign(stream, { produced: () => produced });
}

/** `bytes`, then the stream fails with `error`, as a request cut off or refused mid-way. */
export function failingStream(bytes: Buffer, error: Error): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw error;
    })(),
  );
}

/** V8's collector, exposed at run time (tests are not started with --expose-gc). */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('cannot expose the garbage collector');
  return () => {
    gc();
  };
}

/** What the process holds alive: the JS heap and the memory behind Buffers. */
function liveBytes(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** A sample may take this share of the time at most: a collection costs more on a big heap. */
const SAMPLE_SHARE = 0.2;

/**
 * Runs `work` and answers the most memory it held alive at any moment over what was alive
 * before: sampled after a collection each time, so garbage not yet collected (which comes
 * and goes with the collector's mood) does not count, only what the work keeps. Samples come
 * every 100 ms, or further apart when a collection takes long (a worker that has loaded many
 * test files has a large heap): the collector never takes more than a fifth of the time.
 */
export async function liveMemoryGrowthDuring(work: () => Promise<unknown>): Promise<number> {
  const collect = garbageCollector();
  collect();
  const before = liveBytes();
  let peak = before;
  let sampler: NodeJS.Timeout | undefined;
  const sample = () => {
    const started = performance.now();
    collect();
    peak = Math.max(peak, liveBytes());
    const took = performance.now() - started;
    sampler = setTimeout(sample, Math.max(100, took / SAMPLE_SHARE));
  };
  sampler = setTimeout(sample, 100);
  try {
    await work();
  } finally {
    clearTimeout(sampler);
  }
  return peak - before;
}
