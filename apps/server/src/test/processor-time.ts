/**
 * The main thread's processor time since `started` (from `process.threadCpuUsage()`), in
 * milliseconds. Unlike the clock it does not grow when other processes take the machine's
 * cores (CI's two, shared); unlike the process's time it leaves out V8's compiler and
 * collector threads, which a busy machine's test worker keeps running beside the test.
 */
export function processorMsSince(started: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(started);
  return (used.user + used.system) / 1000;
}

/** The processor time `run` took, in milliseconds: what a linear-time test bounds. */
export function processorMsOf(run: () => unknown): number {
  const started = process.threadCpuUsage();
  run();
  return processorMsSince(started);
}
