import { useEffect, useState } from 'react';
import type { SourceState } from '../components/source-step.tsx';
import { DRAFT_KEY, readDraft } from '../components/wizard-state.ts';

/** What the letters say: the template (or document) being written, kept in the tab. */
export function useTemplateSource() {
  const [source, setSource] = useState<SourceState>(readDraft);

  useEffect(() => {
    try {
      sessionStorage.setItem(
        DRAFT_KEY,
        JSON.stringify({ subject: source.subject, body: source.body }),
      );
    } catch {
      // Private mode without storage: the draft lives as long as the page.
    }
  }, [source.subject, source.body]);

  return { source, setSource };
}
