import { useEffect, useRef } from 'react';
import { parseTemplate, placeholderKey } from '@kuvert/shared/mail-merge';
import type { SourceState } from './source-step.tsx';

/** Where the template being written is kept in the tab (sessionStorage). */
export const DRAFT_KEY = 'kuvert.mailMerge.template';

/** What the person wrote survives a reload of the tab (not the server: it is not a letter yet). */
export function readDraft(): SourceState {
  const empty: SourceState = { kind: 'template', subject: '', body: '', document: null };
  try {
    const stored = sessionStorage.getItem(DRAFT_KEY);
    if (stored === null) return empty;
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed !== 'object' || parsed === null) return empty;
    const subject = 'subject' in parsed && typeof parsed.subject === 'string' ? parsed.subject : '';
    const body = 'body' in parsed && typeof parsed.body === 'string' ? parsed.body : '';
    return { ...empty, subject, body };
  } catch {
    return empty;
  }
}

export function placeholdersOf(source: SourceState): string[] {
  const names = new Map<string, string>();
  for (const text of [source.subject, source.body]) {
    const parsed = parseTemplate(text);
    if (!parsed.ok) continue;
    for (const name of parsed.placeholders) {
      if (!names.has(placeholderKey(name))) names.set(placeholderKey(name), name);
    }
  }
  return [...names.values()];
}

/**
 * When the wizard moves to another step, that step's heading takes focus, so a screen reader
 * says where the person is and Tab goes on from the step's top (not on the first showing).
 */
export function useStepHeadingFocus(shownStep: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownBefore = useRef(shownStep);
  useEffect(() => {
    if (shownBefore.current === shownStep) return;
    shownBefore.current = shownStep;
    heading.current?.focus({ preventScroll: false });
  }, [shownStep]);
  return heading;
}
