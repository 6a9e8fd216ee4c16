import { useQueryClient } from '@tanstack/react-query';
import type { LetterDraft } from '@kuvert/shared/outbox';
import { invalidateAreas } from '../../../lib/mailbox-keys.ts';
import { useVersionedAutosave } from '../../../lib/use-versioned-autosave.ts';
import type { AutosaveStatus } from '../../../lib/use-versioned-autosave.ts';
import { getDraft } from '../api/get-draft.ts';
import { createDraft, updateDraft } from '../api/save-draft.ts';
import { draftFieldsOf } from '../components/compose-model.ts';
import type { ComposeFields } from '../components/compose-model.ts';

/** Where the letter's draft stands (see `AutosaveStatus`). */
export type DraftSaveStatus = AutosaveStatus;

interface DraftAutosaveOptions {
  /** The mailbox a new draft is made in (null: none yet; nothing is saved). */
  accountId: string | null;
  /** The draft being resumed, as loaded. */
  draft: LetterDraft | null;
  /** The first save made a draft: its id belongs in the address, so a reload resumes it. */
  onCreated: (draftId: string) => void;
}

/**
 * Saves what is typed on the server as a letter draft (see `useVersionedAutosave`). Typing
 * after `close` (before sending) saves again by itself.
 */
export function useDraftAutosave({ accountId, draft, onCreated }: DraftAutosaveOptions) {
  const queryClient = useQueryClient();
  return useVersionedAutosave({
    draft,
    create:
      accountId === null
        ? null
        : (fields: ComposeFields) =>
            createDraft({ account_id: accountId, ...draftFieldsOf(fields) }),
    update: (draftId, fields: ComposeFields, version) =>
      updateDraft(draftId, { ...draftFieldsOf(fields), version }),
    get: getDraft,
    onCreated,
    onSaved: () => void invalidateAreas(queryClient, ['drafts']),
    reopensOnChange: true,
  });
}
