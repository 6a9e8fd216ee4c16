import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FormAnswers } from '@kuvert/shared/form-definition';
import type { FormDraft } from '@kuvert/shared/forms';
import { useVersionedAutosave } from '../../../lib/use-versioned-autosave.ts';
import type { AutosaveStatus } from '../../../lib/use-versioned-autosave.ts';
import { refreshFormLists } from '../api/form-fill-keys.ts';
import { getFormDraft } from '../api/get-form-draft.ts';
import { createFormDraft, updateFormDraft } from '../api/save-form-draft.ts';

/** Where the form's draft stands (see `AutosaveStatus`). */
export type FormDraftSaveStatus = AutosaveStatus;

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
 * Saves the answers on the server as a form draft (see `useVersionedAutosave`). Changes made
 * after `close` wait for `reopen`.
 */
export function useFormDraftAutosave(options: FormDraftAutosaveOptions) {
  const { accountId, formId, formVersion, draft, onCreated } = options;
  const queryClient = useQueryClient();
  const autosave = useVersionedAutosave({
    draft,
    create: (data: FormAnswers) =>
      createFormDraft({ account_id: accountId, form_id: formId, form_version: formVersion, data }),
    update: (draftId, data: FormAnswers, version) => updateFormDraft(draftId, { data, version }),
    get: getFormDraft,
    onCreated,
    onSaved: () => void refreshFormLists(queryClient),
  });

  const { saveWith } = autosave;
  /**
   * Moves the draft to another version of the form with the answers as they are now; the
   * server keeps what fits that version. Resolves with the moved draft.
   */
  const moveToVersion = useCallback(
    (nextVersion: number, data: FormAnswers): Promise<FormDraft | null> =>
      saveWith((draftId, version) =>
        updateFormDraft(draftId, { data, version, form_version: nextVersion }),
      ),
    [saveWith],
  );

  return { ...autosave, moveToVersion };
}
