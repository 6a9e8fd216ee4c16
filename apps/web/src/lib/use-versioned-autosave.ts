import { useCallback, useEffect, useRef, useState } from 'react';
import { hasErrorCode } from './errors.ts';

/** Quiet typing for this long saves the draft. */
const SAVE_DELAY_MS = 800;
/** A save that failed (offline, say) is tried again after this long. */
const RETRY_DELAY_MS = 5000;

/**
 * `idle` (nothing changed yet), `saving`, `saved`, `failed` (tried again by itself), or
 * `conflict`: the draft was saved elsewhere meanwhile; nothing is saved over it unless the
 * person says so.
 */
export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

/** A draft as the server keeps it: each save raises its version. */
export interface VersionedDraft {
  id: string;
  version: number;
}

export interface VersionedAutosaveOptions<TValue, TDraft extends VersionedDraft> {
  /** The draft being resumed, as loaded (null: one is made at the first change). */
  draft: VersionedDraft | null;
  /** Makes the draft at the first save; null while nothing can be saved (no mailbox chosen). */
  create: ((value: TValue) => Promise<TDraft>) | null;
  /** Saves over the draft; the server answers CONFLICT when `version` is no longer its own. */
  update: (draftId: string, value: TValue, version: number) => Promise<TDraft>;
  /** The draft as stored now (for its version, to save over it after a conflict). */
  get: (draftId: string) => Promise<VersionedDraft>;
  /** The first save made a draft: its id belongs in the address, so a reload resumes it. */
  onCreated: (draftId: string) => void;
  /** A save went through (lists showing drafts are out of date). */
  onSaved: () => void;
  /** A change made after `close` saves again by itself (else only `reopen` does). */
  reopensOnChange?: boolean;
}

interface AutosaveState<TValue> {
  draftId: string | null;
  version: number;
  /** The value as last changed (null: not changed yet). */
  latest: { value: TValue } | null;
  /** Counts the changes; `savedRevision` is the last one a save went through with. */
  revision: number;
  savedRevision: number;
  saving: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  isConflict: boolean;
  isClosed: boolean;
}

/**
 * Saves a value on the server as a draft: made at the first change, then saved again (with the
 * version it was saved at) a moment after each change. One save at a time; changes made
 * meanwhile are saved right after.
 */
export function useVersionedAutosave<TValue, TDraft extends VersionedDraft>(
  options: VersionedAutosaveOptions<TValue, TDraft>,
) {
  const { draft } = options;
  const [status, setStatus] = useState<AutosaveStatus>(draft === null ? 'idle' : 'saved');
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);
  const [draftId, setDraftId] = useState<string | null>(draft?.id ?? null);
  const state = useRef<AutosaveState<TValue>>({
    draftId: draft?.id ?? null,
    version: draft?.version ?? 0,
    latest: null,
    revision: 0,
    savedRevision: 0,
    saving: null,
    timer: undefined,
    isConflict: false,
    isClosed: false,
  });
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  // Timers call the latest save (declared below, it schedules the next one itself).
  const saveRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const schedule = useCallback((delayMs: number) => {
    const current = state.current;
    clearTimeout(current.timer);
    current.timer = setTimeout(() => void saveRef.current(), delayMs);
  }, []);

  const save = useCallback(async (): Promise<void> => {
    const current = state.current;
    if (current.saving !== null || current.isConflict || current.isClosed) return;
    const { create, update, onCreated, onSaved } = optionsRef.current;
    const latest = current.latest;
    if (latest === null || create === null) return;
    const revision = current.revision;
    setStatus('saving');
    const run = (async () => {
      try {
        const saved =
          current.draftId === null
            ? await create(latest.value)
            : await update(current.draftId, latest.value, current.version);
        current.version = saved.version;
        current.savedRevision = Math.max(current.savedRevision, revision);
        if (current.draftId === null) {
          current.draftId = saved.id;
          setDraftId(saved.id);
          onCreated(saved.id);
        }
        // "Saved" only when no change since waits: else the next save follows.
        setStatus(current.revision === current.savedRevision ? 'saved' : 'saving');
        onSaved();
      } catch (error) {
        if (current.isClosed) return;
        if (hasErrorCode(error, 'CONFLICT')) {
          current.isConflict = true;
          setStatus('conflict');
        } else {
          setStatus('failed');
          schedule(RETRY_DELAY_MS);
        }
      } finally {
        current.saving = null;
        setHasUnsavedChanges(current.revision !== current.savedRevision);
      }
    })();
    current.saving = run;
    await run;
    // Changed while it saved: save that too.
    if (!current.isConflict && current.revision !== current.savedRevision) schedule(SAVE_DELAY_MS);
  }, [schedule]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  /** The value now; saved a moment later. */
  const change = useCallback(
    (value: TValue) => {
      const current = state.current;
      current.latest = { value };
      current.revision += 1;
      if (optionsRef.current.reopensOnChange === true) current.isClosed = false;
      setHasUnsavedChanges(true);
      if (current.isConflict || current.isClosed) return;
      // Not "Saved" while a change waits for its save.
      setStatus('saving');
      schedule(SAVE_DELAY_MS);
    },
    [schedule],
  );

  /**
   * No save waits or runs any more (before sending, say: the draft's id is known and nothing
   * saves after it went); resolves with the draft's id (null: none was made).
   */
  const close = useCallback(async (): Promise<string | null> => {
    const current = state.current;
    clearTimeout(current.timer);
    current.isClosed = true;
    if (current.saving !== null) await current.saving;
    return current.draftId;
  }, []);

  /** Saving goes on (sending failed, say). */
  const reopen = useCallback(() => {
    const current = state.current;
    current.isClosed = false;
    if (current.revision !== current.savedRevision && !current.isConflict) schedule(SAVE_DELAY_MS);
  }, [schedule]);

  /** Sent: nothing is left unsaved. */
  const finish = useCallback(() => {
    const current = state.current;
    current.isClosed = true;
    current.savedRevision = current.revision;
    setHasUnsavedChanges(false);
  }, []);

  /**
   * Saves the draft now with `write` instead of the usual update (after any save under way),
   * counting every change as saved; resolves with what `write` answered (null: no draft yet).
   */
  const saveWith = useCallback(
    async (
      write: (draftId: string, version: number) => Promise<TDraft>,
    ): Promise<TDraft | null> => {
      const closedId = await close();
      const current = state.current;
      if (closedId === null) return null;
      try {
        const saved = await write(closedId, current.version);
        current.version = saved.version;
        current.savedRevision = current.revision;
        setHasUnsavedChanges(false);
        setStatus('saved');
        optionsRef.current.onSaved();
        return saved;
      } catch (error) {
        if (hasErrorCode(error, 'CONFLICT')) {
          current.isConflict = true;
          setStatus('conflict');
        }
        throw error;
      } finally {
        current.isClosed = false;
      }
    },
    [close],
  );

  /** After a conflict: what is here is saved over the other version. */
  const keepMine = useCallback(async () => {
    const current = state.current;
    if (current.draftId === null) return;
    try {
      const latest = await optionsRef.current.get(current.draftId);
      current.version = latest.version;
      current.isConflict = false;
      await save();
    } catch {
      setStatus('failed');
    }
  }, [save]);

  /** After a conflict, or to start over: the page shows the stored draft again. */
  const reset = useCallback((loaded: VersionedDraft) => {
    const current = state.current;
    clearTimeout(current.timer);
    current.version = loaded.version;
    current.isConflict = false;
    current.savedRevision = current.revision;
    setHasUnsavedChanges(false);
    setStatus('saved');
  }, []);

  /** Another mailbox: a new draft is made there at the next change. */
  const forgetDraft = useCallback(() => {
    const current = state.current;
    current.draftId = null;
    current.version = 0;
    current.isConflict = false;
    setDraftId(null);
  }, []);

  useEffect(() => {
    const current = state.current;
    return () => clearTimeout(current.timer);
  }, []);

  return {
    status,
    hasUnsavedChanges,
    /** The draft's id as rendered (null: none made yet). */
    draftId,
    /** The draft's id this moment (for handlers that run after a save the render missed). */
    currentDraftId: () => state.current.draftId,
    change,
    close,
    reopen,
    finish,
    saveWith,
    keepMine,
    reset,
    forgetDraft,
  };
}
