import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './http.ts';
import { useVersionedAutosave } from './use-versioned-autosave.ts';
import type { VersionedDraft } from './use-versioned-autosave.ts';

interface Saved extends VersionedDraft {
  value: string;
}

const conflict = () => new ApiError(409, 'CONFLICT', 'Saved elsewhere');

function setUp(options: { reopensOnChange?: boolean; canCreate?: boolean } = {}) {
  const create = vi.fn<(value: string) => Promise<Saved>>((value) =>
    Promise.resolve({ id: 'd1', version: 1, value }),
  );
  const update = vi.fn<(id: string, value: string, version: number) => Promise<Saved>>(
    (id, value, version) => Promise.resolve({ id, version: version + 1, value }),
  );
  const get = vi.fn<(id: string) => Promise<VersionedDraft>>((id) =>
    Promise.resolve({ id, version: 7 }),
  );
  const onCreated = vi.fn<(id: string) => void>();
  const onSaved = vi.fn<() => void>();
  const hook = renderHook(
    ({ canCreate }: { canCreate: boolean }) =>
      useVersionedAutosave({
        draft: null,
        create: canCreate ? create : null,
        update,
        get,
        onCreated,
        onSaved,
        reopensOnChange: options.reopensOnChange,
      }),
    { initialProps: { canCreate: options.canCreate ?? true } },
  );
  return { hook, create, update, get, onCreated, onSaved };
}

/** The debounce passes and the save it starts settles. */
async function afterTheDelay() {
  await act(() => vi.advanceTimersByTimeAsync(800));
}

describe('useVersionedAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes the draft, saves over it with its version, and after a conflict saves only when told to', async () => {
    const { hook, create, update, get, onCreated, onSaved } = setUp();
    expect(hook.result.current.status).toBe('idle');

    act(() => hook.result.current.change('first'));
    expect(hook.result.current.status).toBe('saving');
    expect(hook.result.current.hasUnsavedChanges).toBe(true);
    await afterTheDelay();
    expect(create).toHaveBeenCalledWith('first');
    expect(onCreated).toHaveBeenCalledWith('d1');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(hook.result.current).toMatchObject({
      status: 'saved',
      draftId: 'd1',
      hasUnsavedChanges: false,
    });

    update.mockRejectedValueOnce(conflict());
    act(() => hook.result.current.change('second'));
    await afterTheDelay();
    expect(update).toHaveBeenLastCalledWith('d1', 'second', 1);
    expect(hook.result.current.status).toBe('conflict');

    // Nothing is saved over the other version by itself, however long one types.
    act(() => hook.result.current.change('third'));
    await afterTheDelay();
    expect(update).toHaveBeenCalledTimes(1);
    expect(hook.result.current.hasUnsavedChanges).toBe(true);

    await act(() => hook.result.current.keepMine());
    expect(get).toHaveBeenCalledWith('d1');
    expect(update).toHaveBeenLastCalledWith('d1', 'third', 7);
    expect(hook.result.current).toMatchObject({ status: 'saved', hasUnsavedChanges: false });
  });

  it('tries a failed save again, and after close saves a change only once reopened', async () => {
    const { hook, create, update } = setUp();
    create.mockRejectedValueOnce(new Error('offline'));
    act(() => hook.result.current.change('first'));
    await afterTheDelay();
    expect(hook.result.current.status).toBe('failed');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(create).toHaveBeenCalledTimes(2);
    expect(hook.result.current.status).toBe('saved');

    await act(async () => {
      expect(await hook.result.current.close()).toBe('d1');
    });
    act(() => hook.result.current.change('second'));
    await afterTheDelay();
    expect(update).not.toHaveBeenCalled();
    act(() => hook.result.current.reopen());
    await afterTheDelay();
    expect(update).toHaveBeenCalledWith('d1', 'second', 1);
  });

  it('saves again by itself after close when a change reopens it, and waits while nothing can be made', async () => {
    const reopening = setUp({ reopensOnChange: true });
    act(() => reopening.hook.result.current.change('first'));
    await afterTheDelay();
    await act(async () => {
      await reopening.hook.result.current.close();
    });
    act(() => reopening.hook.result.current.change('second'));
    await afterTheDelay();
    expect(reopening.update).toHaveBeenCalledWith('d1', 'second', 1);

    const waiting = setUp({ canCreate: false });
    act(() => waiting.hook.result.current.change('first'));
    await afterTheDelay();
    expect(waiting.create).not.toHaveBeenCalled();
    waiting.hook.rerender({ canCreate: true });
    act(() => waiting.hook.result.current.change('second'));
    await afterTheDelay();
    expect(waiting.create).toHaveBeenCalledWith('second');
  });
});
