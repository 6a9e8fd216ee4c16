// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_TIMEOUT_MS } from '@kuvert/shared/limits';
import { dismissAllNotifications, getNotifications, notify } from './notify.ts';

beforeEach(() => {
  vi.useFakeTimers();
  dismissAllNotifications();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notify', () => {
  it('shows every non-ongoing type at the bottom and dismisses it after 5000 ms', () => {
    expect(DEFAULT_NOTIFICATION_TIMEOUT_MS).toBe(5000);
    for (const type of ['positive', 'negative', 'warning', 'info'] as const) {
      notify({ type, message: type });
    }
    expect(getNotifications().map((n) => [n.type, n.position])).toEqual([
      ['positive', 'bottom'],
      ['negative', 'bottom'],
      ['warning', 'bottom'],
      ['info', 'bottom'],
    ]);
    vi.advanceTimersByTime(4999);
    expect(getNotifications()).toHaveLength(4);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
  });

  it('honours a timeout given by the caller, and 0 as "until dismissed"', () => {
    notify({ type: 'info', message: 'short', timeout: 1000 });
    notify({ type: 'info', message: 'sticky', timeout: 0 });
    vi.advanceTimersByTime(1000);
    expect(getNotifications().map((n) => n.message)).toEqual(['sticky']);
    vi.advanceTimersByTime(60_000);
    expect(getNotifications().map((n) => n.message)).toEqual(['sticky']);
  });

  it('never times out an ongoing notification, even when a timeout is passed', () => {
    notify({ type: 'ongoing', message: 'Uploading…', timeout: 100 });
    vi.advanceTimersByTime(10 * 60_000);
    expect(getNotifications()).toHaveLength(1);
    expect(getNotifications()[0]?.timeout).toBeNull();
  });

  it('turns an ongoing notification into another type, which then gets the default timeout', () => {
    const handle = notify({ type: 'ongoing', message: 'Saving…' });
    vi.advanceTimersByTime(20_000);
    handle.update({ type: 'positive', message: 'Saved' });
    expect(getNotifications()).toMatchObject([
      { id: handle.id, type: 'positive', message: 'Saved' },
    ]);
    vi.advanceTimersByTime(4999);
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
  });

  it('can be dismissed early, which also cancels its timer', () => {
    const handle = notify({ type: 'warning', message: 'Careful' });
    handle.dismiss();
    expect(getNotifications()).toHaveLength(0);
    handle.update({ type: 'info', message: 'gone stays gone' });
    expect(getNotifications()).toHaveLength(0);
  });
});
