import { Suspense, lazy } from 'react';
import type { LetterCaseFilesProps } from './letter-case-files.tsx';
import { loadCaseFileParts } from './add-to-file-launcher.tsx';

const LazyLetterCaseFiles = lazy(() =>
  loadCaseFileParts().then((module) => ({ default: module.LetterCaseFiles })),
);

/**
 * The files a letter is in and suggested ones, fetched after the letter shows: it waits for
 * its own answer from the server anyway, and the letter comes first.
 */
export function LetterCaseFilesLazy(props: LetterCaseFilesProps) {
  return (
    <Suspense fallback={null}>
      <LazyLetterCaseFiles {...props} />
    </Suspense>
  );
}
