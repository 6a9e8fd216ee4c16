import { Suspense, lazy } from 'react';
import { loadCaseFileParts } from './add-to-file-launcher.tsx';
import classes from './letter-case-files.module.css';

const LazyLetterFileSuggestion = lazy(() =>
  loadCaseFileParts().then((module) => ({ default: module.LetterFileSuggestion })),
);

/**
 * Room in the letter's header, kept from the first paint, for a file the letter may belong to.
 * The suggestion arrives after the letter (its own request, its own code); in kept room it
 * moves nothing, so the page does not jump (no layout shift, DESIGN §7), and it is in sight
 * above the documents instead of below a long PDF.
 */
export function LetterFileSuggestionSlot({ letterId }: { letterId: string }) {
  return (
    <div className={classes.suggestionSlot} data-print-hide="">
      <Suspense fallback={null}>
        <LazyLetterFileSuggestion letterId={letterId} />
      </Suspense>
    </div>
  );
}
