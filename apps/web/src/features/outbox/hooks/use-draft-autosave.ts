import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LetterDraft } from '@kuvert/shared/outbox';
import { hasErrorCode } from '../../../lib/errors.ts';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';
import { getDraft } from '../api/get-draft.ts';
import { createDraft, updateDraft } from '../api/save-draft.ts';
import { draftFieldsOf } from '../components/compose-model.ts';
import type { ComposeFields } from '../components/compose-model.ts';

/** Quiet typing for this long saves the draft. */
const SAVE_DELAY_MS = 800;
/** A save that failed (offline, say) is tried again after this long. */
const RETRY_DELAY_MS = 5000;

/**
 * `idle` (nothing typed yet), `saving`, `saved`, `failed` (tried again by itself), or
 * `conflict`: someone saved this draft elsewhere meanwhile; nothing is saved over it unless
 * the user says so.
 */
export type DraftSaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

interface DraftAutosaveOptions {
  /** The mailbox a new draft is made in. */
  accountId: string | null;
  /** The draft being resumed, as loaded. */
  draft: LetterDraft | null;
  /** The first save made a draft: its id belongs in the address, so a reload resumes it. */
  onCreated: (draftId: string) => void;
}

/**
 * Saves what is typed on the server as a draft: made on the first change, then saved again
 * (with the version it was saved at) a moment after each change. One save at a time; changes
 * made meanwhile are saved right after.
 */
export function useDraftAutosave({ accountId, draft, onCreated }: DraftAutosaveOptions) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DraftSaveStatus>(draft === null ? 'idle' : 'saved');
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);
  const [draftId, setDraftId] = useState<string | null>(draft?.id ?? null);
  const state = useRef({
    draftId: draft?.id ?? null,
    version: draft?.version ?? 0,
    fields: null as ComposeFields | null,
    revision: 0,
    savedRevision: 0,
    saving: null as Promise<void> | null,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    isConflict: false,
    isClosed: false,
  });
  const accountRef = useRef(accountId);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    accountRef.current = accountId;
    onCreatedRef.current = onCreated;
  }, [accountId, onCreated]);

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
    const fields = current.fields;
    const accountIdNow = accountRef.current;
    if (fields === null || accountIdNow === null) return;
    const revision = current.revision;
    setStatus('saving');
    const run = (async () => {
      try {
        const saved =
          current.draftId === null
            ? await createDraft({ account_id: accountIdNow, ...draftFieldsOf(fields) })
            : await updateDraft(current.draftId, {
                ...draftFieldsOf(fields),
                version: current.version,
              });
        current.version = saved.version;
        current.savedRevision = Math.max(current.savedRevision, revision);
        if (current.draftId === null) {
          current.draftId = saved.id;
          setDraftId(saved.id);
          onCreatedRef.current(saved.id);
        }
        // "Saved" only when nothing typed since waits: else the next save follows.
        setStatus(current.revision === current.savedRevision ? 'saved' : 'saving');
        void invalidateAreas(queryClient, ['drafts']);
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
    // Typed while it saved: save that too.
    if (!current.isConflict && current.revision !== current.savedRevision) {
      schedule(SAVE_DELAY_MS);
    }
  }, [queryClient, schedule]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  /** What is typed now; saved a moment later. */
  const change = useCallback(
    (fields: ComposeFields) => {
      const current = state.current;
      current.fields = fields;
      current.revision += 1;
      current.isClosed = false;
      setHasUnsavedChanges(true);
      if (current.isConflict) return;
      // Not "Saved" while a change waits for its save.
      setStatus('saving');
      schedule(SAVE_DELAY_MS);
    },
    [schedule],
  );

  /**
   * Before sending: no save waits or runs any more, so the draft's id is known and nothing
   * saves after the letter went (which deletes the draft). `reopen` if sending failed.
   */
  const close = useCallback(async (): Promise<string | null> => {
    const current = state.current;
    clearTimeout(current.timer);
    current.isClosed = true;
    if (current.saving !== null) await current.saving;
    return current.draftId;
  }, []);

  const reopen = useCallback(() => {
    const current = state.current;
    current.isClosed = false;
    if (current.revision !== current.savedRevision && !current.isConflict) {
      schedule(SAVE_DELAY_MS);
    }
  }, [schedule]);

  /** Sent: nothing is left unsaved. */
  const finish = useCallback(() => {
    const current = state.current;
    current.isClosed = true;
    current.savedRevision = current.revision;
    setHasUnsavedChanges(false);
  }, []);

  /** After a conflict: what is typed here is saved over the other version. */
  const keepMine = useCallback(async () => {
    const current = state.current;
    if (current.draftId === null) return;
    try {
      const latest = await getDraft(current.draftId);
      current.version = latest.version;
      current.isConflict = false;
      await save();
    } catch {
      setStatus('failed');
    }
  }, [save]);

  /** After a conflict, or to start over: the page shows the stored version again. */
  const reset = useCallback((loaded: LetterDraft) => {
    const current = state.current;
    clearTimeout(current.timer);
    current.version = loaded.version;
    current.isConflict = false;
    current.savedRevision = current.revision;
    setHasUnsavedChanges(false);
    setStatus('saved');
  }, []);

  /** Another mailbox sends: a new draft is made there on the next change. */
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
    draftId,
    status,
    hasUnsavedChanges,
    change,
    close,
    reopen,
    finish,
    keepMine,
    reset,
    forgetDraft,
  };
}
