import { useState } from 'react';
import type { ReactNode } from 'react';
import type { LetterDraft } from '@kuvert/shared/outbox';
import { translateError } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { getDraft } from '../api/get-draft.ts';
import { fieldsOfDraft, hasComposeContent } from '../components/compose-model.ts';
import type { ComposeErrors, ComposeFields } from '../components/compose-model.ts';
import { useDraftAutosave } from './use-draft-autosave.ts';

interface ComposeLetterOptions {
  accountId: string;
  /** The draft being resumed, or null for a new letter. */
  draft: LetterDraft | null;
  /** What a new letter starts with. */
  initialFields: ComposeFields;
  onDraftCreated: (draftId: string) => void;
}

/**
 * The letter being written: its fields, saved as a draft while typing, and what is wrong with
 * it (field problems, recipients the server did not know, what the last try to send said).
 */
export function useComposeLetter({
  accountId,
  draft,
  initialFields,
  onDraftCreated,
}: ComposeLetterOptions) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<ComposeFields>(() =>
    draft === null ? initialFields : fieldsOfDraft(draft),
  );
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [unknownKeys, setUnknownKeys] = useState<ReadonlySet<string>>(new Set());
  const [sendProblem, setSendProblem] = useState<ReactNode>(null);
  const autosave = useDraftAutosave({ accountId, draft, onCreated: onDraftCreated });

  /** A change typed by the person. */
  const update = (next: ComposeFields) => {
    setFields(next);
    // No draft for an empty card alone; once there is one, every change is kept.
    if (autosave.currentDraftId() !== null || hasComposeContent(next)) autosave.change(next);
    // What the last try to send said is about the letter as it was.
    setSendProblem(null);
  };

  /** A change the page made itself (an upload finished, another mailbox): always kept. */
  const replace = (next: ComposeFields) => {
    setFields(next);
    autosave.change(next);
  };

  const clearError = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);

  /** After a conflict: the draft as saved elsewhere replaces what is on the screen. */
  const reloadDraft = async () => {
    if (autosave.draftId === null) return;
    try {
      const latest = await getDraft(autosave.draftId);
      setFields(fieldsOfDraft(latest));
      setErrors({});
      setUnknownKeys(new Set());
      autosave.reset(latest);
    } catch (error) {
      setSendProblem(translateError(t, error));
    }
  };

  return {
    fields,
    errors,
    setErrors,
    unknownKeys,
    setUnknownKeys,
    sendProblem,
    setSendProblem,
    autosave,
    update,
    replace,
    clearError,
    reloadDraft,
  };
}

/** The letter being written, as the parts of the compose screen share it. */
export type ComposeLetter = ReturnType<typeof useComposeLetter>;
