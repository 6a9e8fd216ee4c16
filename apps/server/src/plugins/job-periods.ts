/**
 * The periods of periodic jobs, in UTC: which period an instant falls in, when the next one
 * starts, and the key that names it (`trash.purge:2026-11-29`). The key is what makes a
 * period's run unique for the whole cluster (see job-runner.ts).
 */

export type JobPeriod = 'day' | 'hour' | { minutes: number };

export interface PeriodSchedule {
  period: JobPeriod;
  /** How far into each period (UTC) the run is due, e.g. 7 h for 07:00 every day. */
  offsetSeconds?: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function lengthMs(period: JobPeriod): number {
  if (period === 'day') return DAY_MS;
  if (period === 'hour') return HOUR_MS;
  if (
    !Number.isInteger(period.minutes) ||
    period.minutes <= 0 ||
    DAY_MS % (period.minutes * MINUTE_MS) !== 0
  )
    throw new Error(`A job period of ${period.minutes} minutes does not divide a day`);
  return period.minutes * MINUTE_MS;
}

function offsetMs(schedule: PeriodSchedule): number {
  const offset = (schedule.offsetSeconds ?? 0) * 1000;
  if (offset < 0 || offset >= lengthMs(schedule.period))
    throw new Error('A job period’s offset must lie within the period');
  return offset;
}

/** When the period holding `now` started (its offset included). */
export function periodStart(schedule: PeriodSchedule, now: Date): Date {
  const length = lengthMs(schedule.period);
  const offset = offsetMs(schedule);
  return new Date(Math.floor((now.getTime() - offset) / length) * length + offset);
}

/** When the period after the one holding `now` starts: the next run of a periodic job. */
export function nextPeriodStart(schedule: PeriodSchedule, now: Date): Date {
  return new Date(periodStart(schedule, now).getTime() + lengthMs(schedule.period));
}

/**
 * Names the period that starts at `start`: `type:2026-11-29` daily, `type:2026-11-29T08`
 * hourly, `type:2026-11-29T08:10` for shorter periods (the offset is not part of the name).
 */
export function periodKey(type: string, schedule: PeriodSchedule, start: Date): string {
  const iso = new Date(start.getTime() - offsetMs(schedule)).toISOString();
  const label =
    schedule.period === 'day'
      ? iso.slice(0, 10)
      : schedule.period === 'hour'
        ? iso.slice(0, 13)
        : iso.slice(0, 16);
  return `${type}:${label}`;
}
