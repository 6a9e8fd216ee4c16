export interface ProgressSample {
  at: number;
  bytes: number;
}

/** Speed is measured over the last few seconds: steady, yet quick to follow a change. */
const WINDOW_MS = 4000;
/** Below this much history a speed would be a guess. */
const MIN_SPAN_MS = 700;

/**
 * Adds a progress report to `samples` (dropping those older than the window) and tells the
 * speed and the time left; both null until there is enough to go by.
 */
export function measureSpeed(
  samples: ProgressSample[],
  bytesSent: number,
  bytesTotal: number,
  now: number,
): { bytesPerSecond: number | null; secondsLeft: number | null } {
  samples.push({ at: now, bytes: bytesSent });
  while (samples.length > 2 && (samples[0]?.at ?? now) < now - WINDOW_MS) samples.shift();
  const first = samples[0];
  if (first === undefined || now - first.at < MIN_SPAN_MS || bytesSent <= first.bytes) {
    return { bytesPerSecond: null, secondsLeft: null };
  }
  const bytesPerSecond = ((bytesSent - first.bytes) * 1000) / (now - first.at);
  return {
    bytesPerSecond,
    secondsLeft: Math.max(0, Math.ceil((bytesTotal - bytesSent) / bytesPerSecond)),
  };
}
