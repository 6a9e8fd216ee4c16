import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { plainPdf } from '@kuvert/test-fixtures/hostile-pdfs';
import { createProcessingPool, type ProcessingPool } from './pool.ts';

/*
 * The time limit counts the work a document makes, not the time its child waited for the
 * processor: on a busy machine a child at low priority may wait far longer than it works.
 * A stopped child (SIGSTOP) stands in for one that a busy machine does not run; that work
 * past the limit is stopped is pool.test.ts's 'timeout' case.
 */

const limits = {
  maxPages: 2_000_000,
  maxInflatedBytes: 256 * 1024 * 1024,
  maxTextChars: 1e6,
  maxPixels: 4e7,
};
const isLinux = process.platform === 'linux';
let pool: ProcessingPool | undefined;

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** The pool's children: the processes this test process started. */
function childPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(isLinux)('the processing time limit', () => {
  it('does not stop a child that only waited for the processor longer than the limit', async () => {
    pool = createProcessingPool({
      name: 'test',
      size: 1,
      memoryMb: 512,
      timeoutMs: 1000,
      log: { warn: () => {} },
    });
    const inspect = () => pool?.run({ task: 'pdf.inspect', input: { bytes: plainPdf(), limits } });
    const before = new Set(childPids());
    // The child's start-up (loading its readers) is done first: what follows is one task's work.
    await inspect();
    const child = await waitFor(() => childPids().find((pid) => !before.has(pid)));
    const reading = inspect();
    process.kill(child, 'SIGSTOP');
    // Held for three times the limit, as a machine too busy to run it would.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    try {
      process.kill(child, 'SIGCONT');
    } catch {
      // Already killed for the time it waited: the assertion below says so.
    }
    await expect(reading).resolves.toMatchObject({ pageCount: 1 });
  }, 20_000);
});
