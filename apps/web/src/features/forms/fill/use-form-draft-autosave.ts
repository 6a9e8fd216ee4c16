import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormAnswers } from '@kuvert/shared/form-definition';
import type { FormDraft } from '@kuvert/shared/forms';
import { hasErrorCode } from '../../../lib/errors.ts';
import { refreshFormLists } from '../api/form-fill-keys.ts';
import { getFormDraft } from '../api/get-form-draft.ts';
import { createFormDraft, updateFormDraft } from '../api/save-form-draft.ts';

/** Quiet typing for this long saves the draft. */
const SAVE_DELAY_MS = 800;
/** A save that failed (offline, say) is tried again after this long. */
const RETRY_DELAY_MS = 5000;

/**
 * `idle` (nothing changed yet), `saving`, `saved`, `failed` (tried again by itself), or
 * `conflict`: the draft was saved elsewhere meanwhile; nothing is saved over it unless the
 * person says so.
 */
export type FormDraftSaveStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';

interface FormDraftAutosaveOptions {
  accountId: string;
  formId: string;
  /** The version of the form being filled out. */
  formVersion: number;
  /** The draft being resumed, as loaded. */
  draft: FormDraft | null;
  /** The first save made a draft: its id belongs in the address, so a reload resumes it. */
  onCreated: (draftId: string) => void;
}

/**
 * Saves the answers on the server as a draft: made at the first change, then saved again
 * (with the version it was saved at) a moment after each change. One save at a time; changes
 * made meanwhile are saved right after.
 */
export function useFormDraftAutosave(options: FormDraftAutosaveOptions) {
  const { draft } = options;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<FormDraftSaveStatus>(draft === null ? 'idle' : 'saved');
  const [hasUnsavedChanges, setHasUnsavedChanges] = useState(false);
  const state = useRef({
    draftId: draft?.id ?? null,
    version: draft?.version ?? 0,
    data: null as FormAnswers | null,
    revision: 0,
    savedRevision: 0,
    saving: null as Promise<void> | null,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    isConflict: false,
    isClosed: false,
  });
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const saveRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const schedule = useCallback((delayMs: number) => {
    const current = state.current;
    clearTimeout(current.timer);
    current.timer = setTimeout(() => void saveRef.current(), delayMs);
  }, []);

  const save = useCallback(async (): Promise<void> => {
    const current = state.current;
    if (current.saving !== null || current.isConflict || current.isClosed) return;
    const data = current.data;
    if (data === null) return;
    const { accountId, formId, formVersion, onCreated } = optionsRef.current;
    const revision = current.revision;
    setStatus('saving');
    const run = (async () => {
      try {
        const saved =
          current.draftId === null
            ? await createFormDraft({
                account_id: accountId,
                form_id: formId,
                form_version: formVersion,
                data,
              })
            : await updateFormDraft(current.draftId, { data, version: current.version });
        current.version = saved.version;
        current.savedRevision = Math.max(current.savedRevision, revision);
        if (current.draftId === null) {
          current.draftId = saved.id;
          onCreated(saved.id);
        }
        setStatus(current.revision === current.savedRevision ? 'saved' : 'saving');
        void refreshFormLists(queryClient);
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
    if (!current.isConflict && current.revision !== current.savedRevision) schedule(SAVE_DELAY_MS);
  }, [queryClient, schedule]);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  /** The answers now (as a draft may keep them); saved a moment later. */
  const change = useCallback(
    (data: FormAnswers) => {
      const current = state.current;
      current.data = data;
      current.revision += 1;
      setHasUnsavedChanges(true);
      if (current.isConflict || current.isClosed) return;
      setStatus('saving');
      schedule(SAVE_DELAY_MS);
    },
    [schedule],
  );

  /** No save waits or runs any more; resolves with the draft's id (null: none was made). */
  const close = useCallback(async (): Promise<string | null> => {
    const current = state.current;
    clearTimeout(current.timer);
    current.isClosed = true;
    if (current.saving !== null) await current.saving;
    return current.draftId;
  }, []);

  /** Saving goes on (sending failed, or the draft moved to another version). */
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
   * Moves the draft to another version of the form with the answers as they are now; the
   * server keeps what fits that version. Resolves with the moved draft.
   */
  const moveToVersion = useCallback(
    async (formVersion: number, data: FormAnswers): Promise<FormDraft | null> => {
      const draftId = await close();
      const current = state.current;
      if (draftId === null) return null;
      try {
        const moved = await updateFormDraft(draftId, {
          data,
          version: current.version,
          form_version: formVersion,
        });
        current.version = moved.version;
        current.savedRevision = current.revision;
        setHasUnsavedChanges(false);
        setStatus('saved');
        void refreshFormLists(queryClient);
        return moved;
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
    [close, queryClient],
  );

  /** After a conflict: what is here is saved over the other version. */
  const keepMine = useCallback(async () => {
    const current = state.current;
    if (current.draftId === null) return;
    try {
      const latest = await getFormDraft(current.draftId);
      current.version = latest.version;
      current.isConflict = false;
      await save();
    } catch {
      setStatus('failed');
    }
  }, [save]);

  /** After a conflict: the page shows the stored draft again. */
  const reset = useCallback((loaded: FormDraft) => {
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
  }, []);

  useEffect(() => {
    const current = state.current;
    return () => clearTimeout(current.timer);
  }, []);

  return {
    status,
    hasUnsavedChanges,
    draftId: () => state.current.draftId,
    change,
    close,
    reopen,
    finish,
    moveToVersion,
    keepMine,
    reset,
    forgetDraft,
  };
}
