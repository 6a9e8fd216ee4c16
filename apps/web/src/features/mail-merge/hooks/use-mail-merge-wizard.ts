import { useMemo, useState } from 'react';
import type { MailMergeDefinition } from '@kuvert/shared/mail-merge';
import { usePreviewMailMerge, useStartMailMerge } from '../api/mail-merges.ts';
import type { MappingState } from '../components/mapping-step.tsx';
import { isSourceReady } from '../components/source-step.tsx';
import type { SourceState } from '../components/source-step.tsx';
import { DRAFT_KEY, placeholdersOf, readDraft } from '../components/wizard-state.ts';
import { useMergeMapping } from './use-merge-mapping.ts';
import { useRecipientsCsv } from './use-recipients-csv.ts';
import type { RecipientsCsv } from './use-recipients-csv.ts';
import { useShownMerge } from './use-shown-merge.ts';
import { useTemplateSource } from './use-template-source.ts';

/** The wizard's steps in order; the last shows a started merge's progress. */
export const WIZARD_STEPS = ['source', 'csv', 'mapping', 'preview', 'send'] as const;
export const PREVIEW_STEP = 3;
export const SEND_STEP = 4;

/**
 * The mail merge wizard: which step is shown, what each step chose, the preview asked for on
 * reaching it, and starting the merge.
 */
export function useMailMergeWizard(accountId: string) {
  const shownMerge = useShownMerge(accountId);
  const [step, setStep] = useState(0);
  const { source, setSource } = useTemplateSource();
  const csv = useRecipientsCsv(accountId);
  const placeholders = useMemo(() => placeholdersOf(source), [source]);
  const mapping = useMergeMapping(csv.columns, csv.columnsKey, placeholders);
  const [isConfirming, setIsConfirming] = useState(false);
  const preview = usePreviewMailMerge();
  const start = useStartMailMerge();

  const definition = definitionOf(accountId, source, csv, mapping.mapping);
  const shownStep = shownMerge.mergeId === null ? step : SEND_STEP;
  const canGoOn = [
    isSourceReady(source),
    csv.isRead,
    mapping.mapping.fields.name !== undefined,
    false,
  ];

  const goTo = (next: number) => {
    setStep(next);
    if (next === PREVIEW_STEP && definition !== null) preview.mutate(definition);
  };

  const send = () => {
    if (definition === null) return;
    start.mutate(definition, {
      onSuccess: (merge) => {
        sessionStorage.removeItem(DRAFT_KEY);
        setIsConfirming(false);
        shownMerge.show(merge.id);
      },
    });
  };

  const startAnother = () => {
    shownMerge.leave();
    setStep(0);
    csv.setChoice(null);
    setSource(readDraft());
    preview.reset();
    start.reset();
  };

  return {
    mergeId: shownMerge.mergeId,
    step,
    shownStep,
    canGoOn: canGoOn[step] === true,
    goTo,
    source,
    setSource,
    csv,
    placeholders,
    mapping,
    preview,
    start,
    isConfirming,
    setIsConfirming,
    send,
    startAnother,
  };
}

/** The wizard's state, as its parts share it. */
export type MailMergeWizard = ReturnType<typeof useMailMergeWizard>;

/** What the server is asked to preview and send, once a CSV has been read. */
function definitionOf(
  accountId: string,
  source: SourceState,
  csv: RecipientsCsv,
  mapping: MappingState,
): MailMergeDefinition | null {
  if (csv.choice === null || csv.inspected === undefined) return null;
  return {
    account_id: accountId,
    csv: {
      upload_id: csv.choice.upload.id,
      encoding: csv.inspected.encoding,
      delimiter: csv.inspected.delimiter,
    },
    source:
      source.kind === 'document' && source.document
        ? {
            kind: 'document',
            upload_id: source.document.id,
            subject: source.subject,
            body: source.body,
          }
        : { kind: 'template', subject: source.subject, body: source.body },
    mapping,
  };
}
