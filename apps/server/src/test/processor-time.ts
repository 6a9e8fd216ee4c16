/**
 * The processor time `run` took, in milliseconds: what a linear-time test bounds. Unlike the
 * clock it does not grow when other processes take the machine's cores (CI's two, shared).
 */
export function processorMsOf(run: () => unknown): number {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}
